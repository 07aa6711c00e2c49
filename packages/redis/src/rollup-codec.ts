/**
 * The days of one rollup series (one metric, one day start) as bytes. Entries go in day order,
 * each coded against the one before it (the "anchor"), so that a regular user costs about three
 * bytes a day: the value, the version's step and the step of lastAt's time of day.
 *
 * An entry starts with a head varint. Even: the common case, `zigzag(value) × 2`; the day follows
 * the anchor's, then zigzag(version step) and zigzag(step of lastAt − day × DAY_MS) follow. Odd:
 * `flags × 2 + 1`, then in order: [zigzag(days skipped)] value (zigzag varint, or a double with
 * VALUE_DOUBLE) zigzag(version step) [zigzag(time-of-day step) | double lastAt]. The same entries go
 * as bytes (the data hash) or as seven-bit text (the tails, see varint.ts). Nothing is lost:
 * any finite value and lastAt, and every day's lastAt (a rebuild under a changed rule may need any).
 */
import {
  ByteReader,
  ByteWriter,
  TextReader,
  TextWriter,
  unzigzag,
  zigzag,
  type Reader,
  type Writer,
} from './varint.js';
import { damaged } from './damaged.js';

const DAY_MS = 86_400_000;
/** the day does not follow the anchor's: zigzag(day − anchor day − 1) follows */
const SKIP = 1;
/** the value is a double (not a whole number within ±2^45, or −0) */
const VALUE_DOUBLE = 2;
/** lastAt is 0: no positive value was summed */
const NO_LAST = 4;
/** lastAt is a double (its time of day step is not a safe whole number) */
const LAST_DOUBLE = 8;

const WHOLE = 2 ** 45;
const STEP = 2 ** 50;

/** One day of one series. */
export interface DayEntry {
  readonly day: number;
  readonly value: number;
  readonly lastAt: number;
  readonly version: number;
}

/** What the next entry is coded against: the previous entry's day and version, and the last time of day. */
export interface Anchor {
  readonly day: number;
  readonly version: number;
  readonly tod: number;
}

/** Where every series starts. */
export const ORIGIN: Anchor = { day: -1, version: 0, tod: 0 };

const isWhole = (n: number, bound: number) => Number.isSafeInteger(n) && Math.abs(n) < bound && !Object.is(n, -0);

/** Writes `entries` (ascending days, each after `from.day`) coded from `from`; returns the anchor after them. */
export function writeEntries(out: Writer, entries: readonly DayEntry[], from: Anchor): Anchor {
  let { day, version, tod } = from;
  for (const entry of entries) {
    const entryTod = entry.lastAt - entry.day * DAY_MS;
    let flags = 0;
    if (entry.day !== day + 1) flags |= SKIP;
    if (!isWhole(entry.value, WHOLE)) flags |= VALUE_DOUBLE;
    if (Object.is(entry.lastAt, 0)) flags |= NO_LAST;
    else if (
      Object.is(entry.lastAt, -0) ||
      !isWhole(entryTod - tod, STEP) ||
      !Number.isSafeInteger(entryTod) ||
      entry.day * DAY_MS + entryTod !== entry.lastAt
    )
      flags |= LAST_DOUBLE;
    if (flags === 0) out.varint(zigzag(entry.value) * 2);
    else {
      out.varint(flags * 2 + 1);
      if (flags & SKIP) out.varint(zigzag(entry.day - day - 1));
      if (flags & VALUE_DOUBLE) out.double(entry.value);
      else out.varint(zigzag(entry.value));
    }
    out.varint(zigzag(entry.version - version));
    if (flags & LAST_DOUBLE) out.double(entry.lastAt);
    else if (!(flags & NO_LAST)) {
      out.varint(zigzag(entryTod - tod));
      tod = entryTod;
    }
    day = entry.day;
    version = entry.version;
  }
  return { day, version, tod };
}

/** Reads entries until the reader's end, coded from `from`, into `into`; returns the anchor after them. */
export function readEntries(input: Reader, from: Anchor, into: DayEntry[]): Anchor {
  let { day, version, tod } = from;
  while (!input.done) {
    const head = input.varint();
    let value: number;
    let flags = 0;
    if (head % 2 === 0) {
      value = unzigzag(head / 2);
      day += 1;
    } else {
      flags = (head - 1) / 2;
      day += 1 + (flags & SKIP ? unzigzag(input.varint()) : 0);
      value = flags & VALUE_DOUBLE ? input.double() : unzigzag(input.varint());
    }
    version += unzigzag(input.varint());
    let lastAt = 0;
    if (flags & LAST_DOUBLE) lastAt = input.double();
    else if (!(flags & NO_LAST)) {
      tod += unzigzag(input.varint());
      lastAt = day * DAY_MS + tod;
    }
    into.push({ day, value, lastAt, version });
  }
  return { day, version, tod };
}

export function encodeEntries(entries: readonly DayEntry[], from: Anchor = ORIGIN): Buffer {
  const out = new ByteWriter();
  writeEntries(out, entries, from);
  return out.toBuffer();
}

export function decodeEntries(bytes: Uint8Array, where: string, from: Anchor = ORIGIN): DayEntry[] {
  const entries: DayEntry[] = [];
  readEntries(new ByteReader(bytes, (problem) => failRead(where, problem)), from, entries);
  return entries;
}

function failRead(where: string, problem: string): never {
  throw damaged(`${where} does not hold rollups: it ${problem}`);
}

/** The same, as seven-bit text (the tails inside the state value, see user-blob.ts). */
export function encodeEntriesText(entries: readonly DayEntry[], from: Anchor): string {
  const out = new TextWriter();
  writeEntries(out, entries, from);
  return out.toString();
}

export function decodeEntriesText(text: string, where: string, from: Anchor): DayEntry[] {
  const entries: DayEntry[] = [];
  readEntries(new TextReader(text, (problem) => failRead(where, problem)), from, entries);
  return entries;
}

/** Adds `entry` into `entries` (ascending days): value added, lastAt the latest, version the first. */
export function mergeEntry(entries: DayEntry[], entry: DayEntry): void {
  let k = entries.length;
  while (k > 0 && (entries[k - 1] as DayEntry).day > entry.day) k--;
  const before = entries[k - 1];
  if (before !== undefined && before.day === entry.day) {
    entries[k - 1] = {
      day: entry.day,
      value: before.value + entry.value,
      lastAt: Math.max(before.lastAt, entry.lastAt),
      version: Math.min(before.version, entry.version),
    };
  } else entries.splice(k, 0, entry);
}
