/**
 * The value under a user's state key: `<version> <state JSON>\n` and then the tails, binary:
 * the latest days of each rollup series and the latest block of each rule's held periods, which
 * nearly every write changes. Older days and blocks sit in the user's data hash (see keys.ts).
 * The version comes first and apart so that the commit script compares it without parsing JSON.
 *
 * Tail sections: 'r' name anchor(day, version, time of day) length bytes — the series' days after
 * the anchor, coded from it (rollup-codec.ts); 'h' name block length text — a block of
 * held periods (segments.ts). Names are escaped (keys.ts), lengths and numbers varints.
 */
import { StoreError } from '@kindling/core';
import type { Anchor } from './rollup-codec.js';
import { ByteReader, ByteWriter, unzigzag, zigzag } from './varint.js';

const SPACE = 0x20;
const NEWLINE = 0x0a;
const ROLLUPS = 0x72; // 'r'
const HISTORY = 0x68; // 'h'

/** A series' tail: the anchor (its last day in the hash) and the days after it, still coded. */
export interface RollupTail {
  readonly anchor: Anchor;
  readonly bytes: Uint8Array;
}

/** A rule's latest block of held periods. */
export interface HistoryTail {
  readonly block: number;
  readonly text: string;
}

export interface UserBlob {
  readonly version: number;
  readonly json: string;
  /** by `<escaped metric>:<day start>` */
  readonly rollups: Map<string, RollupTail>;
  /** by escaped rule key */
  readonly history: Map<string, HistoryTail>;
}

export function formatBlob(blob: UserBlob): Buffer {
  const out = new ByteWriter();
  out.raw(Buffer.from(`${blob.version} ${blob.json}\n`, 'utf8'));
  for (const [name, tail] of blob.rollups) {
    out.byte(ROLLUPS);
    writeText(out, name);
    out.varint(zigzag(tail.anchor.day));
    out.varint(zigzag(tail.anchor.version));
    out.varint(zigzag(tail.anchor.tod));
    out.varint(tail.bytes.length);
    out.raw(tail.bytes);
  }
  for (const [name, tail] of blob.history) {
    out.byte(HISTORY);
    writeText(out, name);
    out.varint(zigzag(tail.block));
    writeText(out, tail.text);
  }
  return out.toBuffer();
}

function writeText(out: ByteWriter, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  out.varint(bytes.length);
  out.raw(bytes);
}

export function parseBlob(raw: Buffer, key: string): UserBlob {
  const fail = (problem: string): never => {
    throw new StoreError(`${key} does not hold a user state: ${problem} (${raw.toString('utf8', 0, Math.min(raw.length, 60))})`);
  };
  const space = raw.indexOf(SPACE);
  const digits = space > 0 ? raw.toString('latin1', 0, space) : '';
  if (!/^\d+$/.test(digits)) fail('expected "<version> <JSON>"');
  const end = raw.indexOf(NEWLINE, space + 1);
  const json = raw.toString('utf8', space + 1, end < 0 ? raw.length : end);
  const blob: UserBlob = { version: Number(digits), json, rollups: new Map(), history: new Map() };
  if (end < 0) return blob;
  const input = new ByteReader(raw, (problem) => fail(`its tails ${problem}`), end + 1);
  const text = () => Buffer.from(input.slice(input.varint())).toString('utf8');
  while (!input.done) {
    const kind = input.byte();
    if (kind === ROLLUPS) {
      const name = text();
      const anchor = { day: unzigzag(input.varint()), version: unzigzag(input.varint()), tod: unzigzag(input.varint()) };
      blob.rollups.set(name, { anchor, bytes: input.slice(input.varint()) });
    } else if (kind === HISTORY) {
      const name = text();
      blob.history.set(name, { block: unzigzag(input.varint()), text: text() });
    } else fail(`its tails hold an unknown section ${kind}`);
  }
  return blob;
}
