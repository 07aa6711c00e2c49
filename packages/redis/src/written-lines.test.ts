/**
 * What a process remembers of the index lines it wrote: it holds a user's lines only at the
 * version they were written at and only for the same lines, forgets on request, and stays bounded.
 */
import { describe, expect, it } from 'vitest';
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
});
