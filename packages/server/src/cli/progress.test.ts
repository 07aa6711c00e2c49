import { describe, expect, it } from 'vitest';
import { Progress, formatBytes, formatDuration, progressLine } from './progress.js';

describe('progressLine', () => {
  it('shows the bar, the share done, the amounts, the rate and the time left at the pace so far', () => {
    expect(
      progressLine({
        done: 512 * 1024,
        total: 1024 * 1024,
        count: 2000,
        seconds: 10,
        unit: 'bytes',
        rateLabel: 'lines/s',
        width: 10,
      }),
    ).toBe('[#####.....]  50%  512.0 KB / 1.0 MB  200 lines/s  ETA 10s');
  });

  it('counts only this run for the ETA when it went on from an earlier one', () => {
    expect(
      progressLine({
        done: 75,
        total: 100,
        from: 50,
        count: 25,
        seconds: 25,
        unit: 'items',
        rateLabel: 'users/s',
        width: 4,
      }),
    ).toBe('[###.]  75%  75 / 100  1 users/s  ETA 25s');
  });

  it('formats sizes and durations for people', () => {
    expect(formatBytes(980)).toBe('980 B');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatDuration(185)).toBe('3m05s');
    expect(formatDuration(3720)).toBe('1h02m');
    expect(formatDuration(Infinity)).toBe('?');
  });
});

describe('Progress', () => {
  it('writes a line each 5 % when the output is not a terminal', () => {
    let text = '';
    let now = 0;
    const progress = new Progress({ write: (t: string) => (text += t) }, 100, {
      unit: 'items',
      rateLabel: 'lines/s',
      clock: () => now,
    });
    for (let done = 1; done <= 100; done++) {
      now += 10;
      progress.update(done, done);
    }
    expect(text.trim().split('\n')).toHaveLength(20);
  });

  it('redraws one line in place on a terminal', () => {
    let text = '';
    let now = 0;
    const progress = new Progress({ write: (t: string) => (text += t), isTTY: true }, 10, {
      unit: 'items',
      rateLabel: 'lines/s',
      clock: () => now,
    });
    for (let done = 1; done <= 10; done++) {
      now += 200;
      progress.update(done, done);
    }
    progress.finish();
    expect(text.split('\r')).toHaveLength(11);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(2);
  });
});
