/**
 * The rollup codec: any days, values, instants and versions come back exactly, and a regular
 * user's day costs three bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEntries, encodeEntries, mergeEntry, type DayEntry } from './rollup-codec.js';

const DAY_MS = 86_400_000;

const entriesArb = fc.uniqueArray(fc.integer({ min: -50_000, max: 60_000 }), { maxLength: 40 }).chain((days) =>
  fc.tuple(
    ...[...days]
      .sort((a, b) => a - b)
      .map((day) =>
        fc.record({
          day: fc.constant(day),
          value: fc.oneof(
            fc.integer({ min: -1000, max: 1_000_000 }),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.constant(-0),
          ),
          lastAt: fc.oneof(
            fc.constant(0),
            fc.integer({ min: day * DAY_MS - 50 * 3_600_000, max: day * DAY_MS + 50 * 3_600_000 }),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
          ),
          version: fc.nat({ max: 2 ** 40 }),
        }),
      ),
  ),
);

describe('rollup codec', () => {
  it('decodes exactly what it encoded: days, values, lastAt and versions, doubles and −0 included', () => {
    fc.assert(
      fc.property(entriesArb, (entries: DayEntry[]) => {
        const back = decodeEntries(encodeEntries(entries), 'test');
        expect(back).toHaveLength(entries.length);
        back.forEach((entry, i) => {
          const sent = entries[i] as DayEntry;
          expect(entry.day).toBe(sent.day);
          expect(Object.is(entry.value, sent.value)).toBe(true);
          expect(Object.is(entry.lastAt, sent.lastAt)).toBe(true);
          expect(entry.version).toBe(sent.version);
        });
      }),
    );
  });

  it('keeps a year of a regular user in about three bytes a day', () => {
    const year = Array.from({ length: 365 }, (_, i) => ({
      day: 20_000 + i,
      value: 20,
      lastAt: (20_000 + i) * DAY_MS + 7 * 3_600_000,
      version: 1 + 2 * i,
    }));
    expect(encodeEntries(year).length).toBeLessThanOrEqual(3 * 365 + 8);
  });

  it('merges a day as the store contract says: value added, lastAt the latest, version the first', () => {
    const days: DayEntry[] = [{ day: 5, value: 1, lastAt: 10, version: 3 }];
    mergeEntry(days, { day: 5, value: 2, lastAt: 8, version: 4 });
    mergeEntry(days, { day: 3, value: 1, lastAt: 0, version: 9 });
    expect(days).toEqual([
      { day: 3, value: 1, lastAt: 0, version: 9 },
      { day: 5, value: 3, lastAt: 10, version: 3 },
    ]);
  });

  it('names the field when the bytes end in the middle of a day', () => {
    expect(() => decodeEntries(Buffer.from([0x81]), 'k field rlessons:0')).toThrow(
      /k field rlessons:0 does not hold rollups/,
    );
  });
});
