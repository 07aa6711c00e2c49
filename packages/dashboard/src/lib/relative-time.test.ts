import { describe, expect, it } from 'vitest';
import { formatRelative } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('formatRelative', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(formatRelative('2026-03-10T11:59:30Z', now, 'en')).toBe('just now');
    expect(formatRelative('2026-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatRelative('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelative('2026-03-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelative('2026-03-07T12:00:00Z', now, 'en')).toBe('3 days ago');
    expect(formatRelative('2026-02-10T12:00:00Z', now, 'en')).toBe('4 weeks ago');
    expect(formatRelative('2024-03-10T12:00:00Z', now, 'en')).toBe('2 years ago');
  });

  it('says "in" for an instant ahead of the clock', () => {
    expect(formatRelative('2026-03-10T14:00:00Z', now, 'en')).toBe('in 2 hours');
  });

  it('shows a dash for none and unreadable text as it is', () => {
    expect(formatRelative(null, now, 'en')).toBe('—');
    expect(formatRelative('soon', now, 'en')).toBe('soon');
  });
});
