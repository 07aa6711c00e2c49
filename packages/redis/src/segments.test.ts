/**
 * Held periods as run-length segments: any set of held periods of a block comes back exactly, and
 * a year of a daily streak is a few bytes.
 */
import type { HeldBy, HistoryEntry } from '@kindling/core/adapter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_PERIODS, decodeSegments, encodeSegments } from './segments.js';

const HELD: HeldBy[] = ['met', 'freeze', 'pause', 'excused', 'restore'];
const byPeriod = (a: HistoryEntry, b: HistoryEntry) => a.period - b.period;

describe('history segments', () => {
  it('decodes exactly the held periods of a block it encoded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 500 }),
        fc.uniqueArray(
          fc.record({
            offset: fc.nat({ max: BLOCK_PERIODS - 1 }),
            length: fc.nat({ max: 2000 }),
            heldBy: fc.constantFrom(...HELD),
          }),
          { selector: (e) => e.offset, maxLength: 60 },
        ),
        (block, raw) => {
          const entries = raw.map((e) => ({
            streak: 'daily',
            period: block * BLOCK_PERIODS + e.offset,
            length: e.length,
            heldBy: e.heldBy,
          }));
          const text = encodeSegments(entries, block);
          expect(decodeSegments(text, 'daily', block, 'k').sort(byPeriod)).toEqual([...entries].sort(byPeriod));
        },
      ),
    );
  });

  it('writes a run of a growing streak as one segment', () => {
    const entries: HistoryEntry[] = Array.from({ length: 128 }, (_, i) => ({
      streak: 'd',
      period: 256 + i,
      length: 10 + i,
      heldBy: 'met',
    }));
    entries[5] = { ...entries[5]!, heldBy: 'freeze', length: entries[4]!.length };
    for (let i = 6; i < 128; i++) entries[i] = { ...entries[i]!, length: entries[i - 1]!.length + 1 };
    expect(encodeSegments(entries, 2)).toBe('@0=10m5fm122');
  });

  it('names the field when the text is not a run-length text', () => {
    expect(() => decodeSegments('@3=1x', 'd', 0, 'k field hd:0')).toThrow(/k field hd:0 does not hold held periods/);
  });
});
