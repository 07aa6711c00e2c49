/**
 * The value under a user's state key, a string: `<version> <state JSON>\n` and then the tails:
 * the latest days of each rollup series and the latest block of each rule's held periods, which
 * nearly every write changes. Older days and blocks sit in the user's data hash (see keys.ts). The
 * version comes first and apart so that the commit script compares it without parsing JSON; the
 * tails are seven-bit text (varint.ts), so the whole value goes to Redis as a plain string.
 *
 * Tail sections: 'r' name anchor(day, version, time of day) days — the series' days after the
 * anchor, coded from it (rollup-codec.ts); 'h' name block text — a block of held periods
 * (segments.ts). Names are escaped (keys.ts); texts carry their length first.
 */
import type { Anchor } from './rollup-codec.js';
import { TextReader, TextWriter, unzigzag, zigzag } from './varint.js';
import { damaged } from './damaged.js';

/** A series' tail: the anchor (its last day in the hash) and the days after it, coded as text. */
export interface RollupTail {
  readonly anchor: Anchor;
  readonly days: string;
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

export function formatBlob(blob: UserBlob): string {
  const out = new TextWriter();
  for (const [name, tail] of blob.rollups) {
    out.varint(1);
    out.text(name);
    out.varint(zigzag(tail.anchor.day));
    out.varint(zigzag(tail.anchor.version));
    out.varint(zigzag(tail.anchor.tod));
    out.text(tail.days);
  }
  for (const [name, tail] of blob.history) {
    out.varint(2);
    out.text(name);
    out.varint(zigzag(tail.block));
    out.text(tail.text);
  }
  return `${blob.version} ${blob.json}\n${out.toString()}`;
}

export function parseBlob(raw: string, key: string): UserBlob {
  const fail = (problem: string): never => {
    throw damaged(`${key} does not hold a user state: ${problem} (${raw.slice(0, 60)})`);
  };
  const space = raw.indexOf(' ');
  const digits = space > 0 ? raw.slice(0, space) : '';
  if (!/^\d+$/.test(digits)) fail('expected "<version> <JSON>"');
  const end = raw.indexOf('\n', space + 1);
  const json = raw.slice(space + 1, end < 0 ? raw.length : end);
  const blob: UserBlob = { version: Number(digits), json, rollups: new Map(), history: new Map() };
  if (end < 0) return blob;
  const input = new TextReader(raw, (problem) => fail(`its tails ${problem}`), end + 1);
  while (!input.done) {
    const kind = input.varint();
    if (kind === 1) {
      const name = input.text();
      const anchor = {
        day: unzigzag(input.varint()),
        version: unzigzag(input.varint()),
        tod: unzigzag(input.varint()),
      };
      blob.rollups.set(name, { anchor, days: input.text() });
    } else if (kind === 2) {
      const name = input.text();
      blob.history.set(name, { block: unzigzag(input.varint()), text: input.text() });
    } else fail(`its tails hold an unknown section ${kind}`);
  }
  return blob;
}
