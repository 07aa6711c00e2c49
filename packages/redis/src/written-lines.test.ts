/**
 * What a process remembers of the index lines it wrote: it holds a user's lines only at the
 * version they were written at and only for the same lines, forgets on request, and stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { timesABareMap } from '../../core/test/bounded-map-cost.js';
import { linesText, writtenLines } from './written-lines.js';

const line = (length: number) => ({ streak: 'daily', length, longest: length, deadAt: 100, expiresAt: 50 });

describe('written index lines', () => {
  it('holds the lines written at the version read, and nothing else', () => {
    const written = writtenLines();
    written.remember('ann', 4, linesText([line(2)]));
    expect(written.holds('ann', 4, linesText([line(2)]))).toBe(true);
    expect(written.holds('ann', 5, linesText([line(2)]))).toBe(false);
    expect(written.holds('ann', 4, linesText([line(3)]))).toBe(false);
    expect(written.holds('bob', 4, linesText([line(2)]))).toBe(false);
    written.forget('ann');
    expect(written.holds('ann', 4, linesText([line(2)]))).toBe(false);
  });

  it('tells apart lines of different rules and an empty list', () => {
    expect(linesText([])).toBe('');
    expect(linesText([line(1)])).not.toBe(linesText([{ ...line(1), streak: 'weekly' }]));
  });

  it('forgets the oldest users past its limit', () => {
    const written = writtenLines();
    for (let i = 0; i <= 50_000; i++) written.remember(`u${i}`, 1, '');
    expect(written.holds('u0', 1, '')).toBe(false);
    expect(written.holds('u50000', 1, '')).toBe(true);
  });

  // Forgetting the oldest began a walk of the map from its start, over every entry deleted since V8
  // last rebuilt it: once full, each write's remember cost many times a Map's own set and delete.
  it('remembers a user past its limit at a small multiple of a bare Map’s set and delete', () => {
    const ratio = timesABareMap(50_000, 100_000, (ids) => {
      const written = writtenLines();
      for (const id of ids) written.remember(id, 1, '');
    });
    expect(ratio).toBeLessThan(8);
  });
});
