/**
 * The state value: version, state JSON and tails come back exactly, and a value that is not one is
 * a StoreError naming the key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBlob, parseBlob } from './user-blob.js';

const anchorArb = fc.record({
  day: fc.integer({ min: -1, max: 100_000 }),
  version: fc.nat({ max: 2 ** 40 }),
  tod: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
});

describe('user blob', () => {
  it('parses back exactly the version, the JSON and every tail it formatted', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 40 }),
        fc.json(),
        fc.dictionary(
          fc.string({ unit: 'binary' }),
          fc.record({
            anchor: anchorArb,
            days: fc.string({
              unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)),
              maxLength: 80,
            }),
          }),
        ),
        fc.dictionary(
          fc.string({ unit: 'binary' }),
          fc.record({ block: fc.integer({ min: -100, max: 100_000 }), text: fc.string() }),
        ),
        (version, json, rollups, history) => {
          const blob = {
            version,
            json: JSON.stringify(JSON.parse(json)),
            rollups: new Map(Object.entries(rollups)),
            history: new Map(Object.entries(history)),
          };
          const back = parseBlob(formatBlob(blob), 'k');
          expect(back.version).toBe(version);
          expect(back.json).toBe(blob.json);
          expect([...back.history]).toEqual([...blob.history]);
          expect([...back.rollups]).toEqual([...blob.rollups]);
        },
      ),
    );
  });

  it('names the key of a value that is not "<version> <JSON>" or whose tails are cut', () => {
    expect(() => parseBlob('{"id":1}', 'kl:{a:u}:s')).toThrow(/kl:\{a:u\}:s does not hold a user state/);
    expect(() => parseBlob('3 {}\n\u0001\u0005ab', 'k')).toThrow(/k does not hold a user state: its tails/);
  });
});
