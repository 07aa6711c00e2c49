import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streakJson } from './streak-json.js';

const period = fc.record({
  periodStart: fc.constantFrom('2025-01-01', '2026-12-31'),
  periodEnd: fc.constantFrom('2025-01-07', '2027-01-01'),
  length: fc.nat(100_000),
  usedFreeze: fc.boolean(),
  usedPause: fc.boolean(),
});

describe('streakJson', () => {
  it('writes the same text as JSON.stringify of the answer, with or without usedFreeze', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(period, { maxLength: 30 }),
        fc.boolean(),
        (fields, history, freezes) => {
          const expected = JSON.stringify({
            ...fields,
            streakHistory: history.map((p) => ({
              periodStart: p.periodStart,
              periodEnd: p.periodEnd,
              length: p.length,
              ...(freezes ? { usedFreeze: p.usedFreeze } : {}),
              usedPause: p.usedPause,
            })),
          });
          const fieldsWithoutHistory = Object.fromEntries(
            Object.entries(fields).filter(([k]) => k !== 'streakHistory'),
          );
          if ('streakHistory' in fields) return; // a field of that name would be replaced; not a case the route has
          expect(JSON.parse(streakJson(fieldsWithoutHistory, history, freezes))).toEqual(JSON.parse(expected));
          expect(streakJson(fieldsWithoutHistory, history, freezes)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
