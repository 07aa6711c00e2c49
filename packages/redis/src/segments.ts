/**
 * Held periods of one rule as run-length segments, one block of BLOCK_PERIODS periods per text.
 * A segment `@<offset>=<length>` starts at the period `block × BLOCK_PERIODS + offset` with that
 * length; runs `<code><count>` (count left out when 1) follow, one code per held-by kind. Within a
 * segment each next period follows the one before, and a 'met' period adds one to the length while
 * any other keeps it, as the reducer does; anything else starts a new segment. A year of a daily
 * streak is a few bytes, and a write rewrites one block.
 */
import type { HeldBy, HistoryEntry } from '@kindling/core/adapter';
import { damaged } from './damaged.js';

export const BLOCK_PERIODS = 128;

const CODE: Readonly<Record<HeldBy, string>> = { met: 'm', freeze: 'f', pause: 'p', excused: 'e', restore: 'r' };
const HELD_BY: Readonly<Record<string, HeldBy>> = { m: 'met', f: 'freeze', p: 'pause', e: 'excused', r: 'restore' };

export function blockOf(period: number): number {
  return Math.floor(period / BLOCK_PERIODS);
}

/** The text of one block's held periods (all in `block`, any order, one per period). */
export function encodeSegments(entries: Iterable<HistoryEntry>, block: number): string {
  const sorted = [...entries].sort((a, b) => a.period - b.period);
  let text = '';
  let previous: HistoryEntry | null = null;
  let code = '';
  let count = 0;
  const closeRun = () => {
    if (count > 0) text += count > 1 ? `${code}${count}` : code;
    count = 0;
  };
  for (const entry of sorted) {
    const next = CODE[entry.heldBy];
    const follows =
      previous !== null &&
      entry.period === previous.period + 1 &&
      entry.length === previous.length + (entry.heldBy === 'met' ? 1 : 0);
    if (!follows) {
      closeRun();
      text += `@${entry.period - block * BLOCK_PERIODS}=${entry.length}`;
    }
    if (count > 0 && next === code) count += 1;
    else {
      closeRun();
      code = next;
      count = 1;
    }
    previous = entry;
  }
  closeRun();
  return text;
}

const TOKEN = /@(\d+)=(\d+)|([mfper])(\d*)/gy;

/** The held periods of a block's text; a text this module did not write is a StoreError naming `where`. */
export function decodeSegments(text: string, streak: string, block: number, where: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let period = Number.NaN;
  let length = 0;
  let fresh = true;
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    const token = TOKEN.exec(text);
    if (token === null || (token[3] !== undefined && Number.isNaN(period))) {
      throw damaged(`${where} does not hold held periods: "${text.slice(0, 60)}" is not a run-length text at ${at}`);
    }
    at = TOKEN.lastIndex;
    if (token[1] !== undefined) {
      period = block * BLOCK_PERIODS + Number(token[1]);
      length = Number(token[2]);
      fresh = true;
      continue;
    }
    const heldBy = HELD_BY[token[3] as string] as HeldBy;
    const count = token[4] === '' ? 1 : Number(token[4]);
    if (count > BLOCK_PERIODS)
      throw damaged(`${where} does not hold held periods: a run of ${count} in a block of ${BLOCK_PERIODS}`);
    for (let k = 0; k < count; k++) {
      if (!fresh && heldBy === 'met') length += 1;
      fresh = false;
      entries.push({ streak, period, length, heldBy });
      period += 1;
    }
  }
  return entries;
}
