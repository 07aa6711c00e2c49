import { describe, expect, it } from 'vitest';
import { throttledLog } from './log-throttle.js';

describe('a throttled log line', () => {
  it('is written once a window, the next one counting the lines left out', () => {
    let now = 0;
    const written: number[] = [];
    const log = throttledLog(1000, () => now);
    for (let i = 0; i < 500; i++) log((skipped) => written.push(skipped));
    expect(written).toEqual([0]);
    now = 999;
    log((skipped) => written.push(skipped));
    expect(written).toEqual([0]);
    now = 1000;
    log((skipped) => written.push(skipped));
    expect(written).toEqual([0, 500]);
    now = 5000;
    log((skipped) => written.push(skipped));
    expect(written).toEqual([0, 500, 0]);
  });
});
