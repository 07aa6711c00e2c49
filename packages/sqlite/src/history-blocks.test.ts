import type { HeldBy, HistoryEntry } from '@kindling/core/adapter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_BYTES,
  BLOCK_PERIODS,
  blockOf,
  DamagedBlockError,
  groupByBlock,
  MAX_LENGTH,
  readEntries,
  setEntries,
  UnstorableEntryError,
} from './history-blocks.js';

const HELD_BY: HeldBy[] = ['met', 'freeze', 'pause', 'excused', 'restore'];
const entry = (period: number, length: number, heldBy: HeldBy = 'met', streak = 'daily'): HistoryEntry => ({
  streak,
  period,
  length,
  heldBy,
});

/** Packs entries the way the store does, then reads [from, to] back. */
function roundTrip(entries: readonly HistoryEntry[], from: number, to: number, streak = 'daily'): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const blocks = groupByBlock(entries).get(streak) ?? new Map<number, HistoryEntry[]>();
  for (const block of [...blocks.keys()].sort((a, b) => a - b))
    readEntries(streak, block, setEntries(undefined, block, blocks.get(block)!), from, to, out);
  return out;
}

describe('history blocks', () => {
  it('puts period p in block floor(p / 128), negative periods included', () => {
    expect([0, 127, 128, -1, -128, -129].map(blockOf)).toEqual([0, 0, 1, -1, -1, -2]);
  });

  it('reads back every kind of held period, with the longest length a cell holds, in period order', () => {
    const entries = [
      entry(5, MAX_LENGTH, 'restore'),
      entry(0, 0, 'pause'),
      ...HELD_BY.map((heldBy, i) => entry(10 + i, i + 1, heldBy)),
    ];
    expect(roundTrip(entries, 0, 127)).toEqual([...entries].sort((a, b) => a.period - b.period));
  });

  it('returns only the periods of the asked range, at both ends of a block', () => {
    const block = setEntries(undefined, -1, [entry(-128, 1), entry(-100, 2), entry(-1, 3)]);
    const read = (from: number, to: number) => {
      const out: HistoryEntry[] = [];
      readEntries('daily', -1, block, from, to, out);
      return out.map((e) => e.period);
    };
    expect(read(-1000, 1000)).toEqual([-128, -100, -1]);
    expect(read(-127, -2)).toEqual([-100]);
    expect(read(-1, -1)).toEqual([-1]);
  });

  it('updates a stored block in a copy: a later entry for a period replaces the earlier one, others stay', () => {
    const stored = setEntries(undefined, 0, [entry(1, 1), entry(2, 2)]);
    const before = Buffer.from(stored);
    const next = setEntries(stored, 0, [entry(2, 7, 'freeze'), entry(3, 1), entry(3, 4, 'excused')]);
    expect(stored).toEqual(before);
    const out: HistoryEntry[] = [];
    readEntries('daily', 0, next, 0, 127, out);
    expect(out).toEqual([entry(1, 1), entry(2, 7, 'freeze'), entry(3, 4, 'excused')]);
  });

  it('packs 4 bytes per period, little-endian length × 8 + code, up to the last held period of the block', () => {
    const data = setEntries(undefined, 0, [entry(1, 3, 'freeze')]);
    expect(data).toEqual(Buffer.from([0, 0, 0, 0, 3 * 8 + 2, 0, 0, 0]));
    expect(setEntries(undefined, 0, [entry(127, 1)]).length).toBe(BLOCK_BYTES);
    expect(setEntries(data, 0, [entry(0, 1 << 20, 'excused')]).readUInt32LE(0)).toBe((1 << 23) + 4);
    expect(setEntries(undefined, 0, [])).toEqual(Buffer.alloc(0));
  });

  it('refuses an entry that a cell cannot hold', () => {
    expect(() => setEntries(undefined, 0, [entry(1, MAX_LENGTH + 1)])).toThrow(UnstorableEntryError);
    expect(() => setEntries(undefined, 0, [entry(1, -1)])).toThrow(UnstorableEntryError);
    expect(() => setEntries(undefined, 0, [entry(1, 1.5)])).toThrow(UnstorableEntryError);
    expect(() => setEntries(undefined, 0, [{ ...entry(1, 1), heldBy: 'luck' as HeldBy }])).toThrow(
      /heldBy "luck", not one of met, freeze/,
    );
  });

  it('reports a block of the wrong size or with an unknown code as damaged', () => {
    expect(() => readEntries('daily', 0, Buffer.alloc(BLOCK_BYTES + 4), 0, 10, [])).toThrow(
      /periods 0 to 127 has 516 bytes, not a multiple of 4 up to 512/,
    );
    expect(() => readEntries('daily', 0, Buffer.alloc(6), 0, 10, [])).toThrow(DamagedBlockError);
    expect(() => setEntries(Buffer.alloc(6), 0, [entry(1, 1)])).toThrow(DamagedBlockError);
    const data = Buffer.alloc(BLOCK_BYTES);
    data.writeUInt32LE(8 + 6, 8);
    expect(() => readEntries('daily', 0, data, 0, 127, [])).toThrow(/period 2 of rule "daily" has the unknown code 6/);
  });

  it('reads back exactly the last entry written for each period in any range (property)', () => {
    const arbEntry = fc.record({
      period: fc.integer({ min: -400_000, max: 3_000_000 }),
      length: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.constant(MAX_LENGTH)),
      heldBy: fc.constantFrom(...HELD_BY),
    });
    // Periods clustered around a few points, so blocks hold several entries and ranges cut them.
    const arbCase = fc.tuple(
      fc.integer({ min: -2_000, max: 2_000 }),
      fc.array(arbEntry, { maxLength: 60 }),
      fc.integer({ min: -600, max: 600 }),
      fc.integer({ min: 0, max: 900 }),
    );
    fc.assert(
      fc.property(arbCase, ([center, raw, offset, span]) => {
        const entries = raw.map((e, i) =>
          entry(center + (i % 3 === 0 ? e.period : e.period % 300), e.length, e.heldBy),
        );
        const from = center + offset;
        const to = from + span;
        const last = new Map<number, HistoryEntry>();
        for (const e of entries) last.set(e.period, e);
        const expected = [...last.values()]
          .filter((e) => e.period >= from && e.period <= to)
          .sort((a, b) => a.period - b.period);
        expect(roundTrip(entries, from, to)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the rules of one write apart', () => {
    const groups = groupByBlock([
      entry(1, 1, 'met', 'a'),
      entry(BLOCK_PERIODS, 1, 'met', 'a'),
      entry(1, 2, 'met', 'b'),
    ]);
    expect([...groups.keys()]).toEqual(['a', 'b']);
    expect([...groups.get('a')!.keys()]).toEqual([0, 1]);
    expect(roundTrip([entry(1, 1, 'met', 'a'), entry(1, 2, 'met', 'b')], 0, 10, 'b')).toEqual([
      entry(1, 2, 'met', 'b'),
    ]);
  });
});
