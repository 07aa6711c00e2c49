import { describe, expect, it } from 'vitest';
import { Periodic } from './periodic.js';

describe('a periodic task', () => {
  it('runs once at a time: asking during a run answers that run', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const periodic = new Periodic(async () => {
      runs++;
      await new Promise<void>((resolve) => (release = resolve));
      return runs;
    });
    const first = periodic.runOnce();
    const second = periodic.runOnce();
    expect(second).toBe(first);
    release();
    expect(await first).toBe(1);
    const third = periodic.runOnce();
    release();
    expect(await third).toBe(2);
  });

  it('runs every interval once started, and stop waits for the run under way and ends the timer', async () => {
    let runs = 0;
    let finished = 0;
    const periodic = new Periodic(async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished++;
    });
    periodic.start(10);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await periodic.stop();
    expect(periodic.isStopped).toBe(true);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(runs);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(finished);
    periodic.start(10);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(finished);
  });

  it('tells how late its last run started: on time while runs are shorter than the interval, late by as much as a run overran', async () => {
    let runs = 0;
    let ms = 5;
    const periodic = new Periodic(async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, ms));
    });
    expect(periodic.lateMs).toBe(0);
    periodic.start(40);
    while (runs < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    // a timer fires a few ms late at most on an idle loop
    expect(periodic.lateMs).toBeLessThan(35);
    // runs of 100 ms: the ticks that find one under way pass, and the next starts 40 ms late or more
    ms = 100;
    const before = runs;
    while (runs < before + 3) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(periodic.lateMs).toBeGreaterThanOrEqual(40);
    await periodic.stop();
  });

  it('runs once more when woken before its schedule, and not for a wake-up after the next run or when not started', async () => {
    let runs = 0;
    const periodic = new Periodic(async () => ++runs);
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    periodic.wakeIn(10);
    await wait(100);
    expect(runs).toBe(0);
    periodic.start(60_000);
    // past the schedule's next run: the schedule runs it
    periodic.wakeIn(120_000);
    periodic.wakeIn(30);
    await wait(300);
    expect(runs).toBe(1);
    periodic.wakeIn(50);
    await periodic.stop();
    await wait(150);
    expect(runs).toBe(1);
  });
});
