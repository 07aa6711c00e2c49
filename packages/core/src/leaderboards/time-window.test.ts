import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, isInWindow, parseTimeOfDay } from './time-window.js';

const t = (text: string) => parseTimeOfDay(text, 'time');

describe('a board’s daily window', () => {
  it('reads HH:mm and HH:mm:ss and writes HH:mm:ss, midnight as 00:00:00', () => {
    expect(t('18:30')).toBe((18 * 60 + 30) * 60_000);
    expect(t('23:59:59')).toBe(86_399_000);
    expect(formatTimeOfDay(t('00:00'))).toBe('00:00:00');
    expect(formatTimeOfDay(t('07:05:09'))).toBe('07:05:09');
  });

  it('refuses a time that is not a time of day, naming the field', () => {
    for (const bad of ['24:00', '7:00', '12:60', '12:00:60', '', 1800, null, '12:00 '])
      expect(() => parseTimeOfDay(bad, 'startTime')).toThrow(/startTime must be a time of day/);
  });

  it('counts from its start inclusive to its end exclusive', () => {
    const window = { from: t('18:00'), until: t('20:00') };
    expect(isInWindow(window, t('17:59:59'))).toBe(false);
    expect(isInWindow(window, t('18:00'))).toBe(true);
    expect(isInWindow(window, t('19:59:59'))).toBe(true);
    expect(isInWindow(window, t('20:00'))).toBe(false);
  });

  it('wraps midnight when it starts later than it ends', () => {
    const window = { from: t('22:00'), until: t('02:00') };
    expect(isInWindow(window, t('23:00'))).toBe(true);
    expect(isInWindow(window, t('00:00'))).toBe(true);
    expect(isInWindow(window, t('02:00'))).toBe(false);
    expect(isInWindow(window, t('12:00'))).toBe(false);
  });

  it('runs to midnight with only a start, and from midnight with only an end', () => {
    expect(isInWindow({ from: t('18:00'), until: null }, t('23:59:59'))).toBe(true);
    expect(isInWindow({ from: t('18:00'), until: null }, t('00:00'))).toBe(false);
    expect(isInWindow({ from: null, until: t('09:00') }, t('00:00'))).toBe(true);
    expect(isInWindow({ from: null, until: t('09:00') }, t('09:00'))).toBe(false);
  });
});
