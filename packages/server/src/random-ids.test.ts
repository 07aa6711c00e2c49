import { describe, expect, it } from 'vitest';
import { newId } from './random-ids.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('random ids', () => {
  it('are version-4 UUIDs in lower-case hex, across many refills of the pool', () => {
    for (let i = 0; i < 5_000; i++) expect(newId()).toMatch(UUID_V4);
  });

  it('never repeat among 100,000 (each refill of the pool gives new bytes)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(newId());
    expect(seen.size).toBe(100_000);
  });

  it('take every value at every random digit: no digit is stuck', () => {
    const values = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 4_096; i++) {
      const id = newId();
      for (let at = 0; at < 36; at++) values[at]?.add(id[at] as string);
    }
    const sizes = values.map((set) => set.size);
    // dashes at 8, 13, 18, 23; the version digit at 14; the variant digit at 19 (8, 9, a or b)
    const expected = sizes.map((_, at) => ([8, 13, 18, 23, 14].includes(at) ? 1 : at === 19 ? 4 : 16));
    expect(sizes).toEqual(expected);
  });
});
