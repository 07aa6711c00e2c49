import { describe, expect, it } from 'vitest';
import { HashingSlots } from './hashing-slots.js';

describe('HashingSlots', () => {
  it('runs at most `concurrency` checks at once, queues up to `maxWaiting` in order and refuses more at once', async () => {
    const slots = new HashingSlots(2, 2);
    const order: string[] = [];
    const first = await slots.enter();
    const second = await slots.enter();
    const third = slots.enter()?.then((exit) => {
      order.push('third');
      return exit;
    });
    const fourth = slots.enter()?.then((exit) => {
      order.push('fourth');
      return exit;
    });
    expect(third).toBeDefined();
    expect(fourth).toBeDefined();
    expect(slots.enter()).toBeNull();

    first?.();
    const thirdExit = await third;
    expect(order).toEqual(['third']);
    // The freed slot went to the third: one place in the line is free again, no more.
    const fifth = slots.enter();
    expect(fifth).not.toBeNull();
    expect(slots.enter()).toBeNull();

    second?.();
    second?.();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    // Giving a slot back twice freed one slot only: the fifth still waits.
    let fifthIn = false;
    void fifth?.then(() => (fifthIn = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fifthIn).toBe(false);
    thirdExit?.();
    await fifth;
    expect(fifthIn).toBe(true);
  });

  it('gives a slot at once while fewer than `concurrency` are running', async () => {
    const slots = new HashingSlots(1, 0);
    const exit = await slots.enter();
    expect(slots.enter()).toBeNull();
    exit?.();
    expect(slots.enter()).not.toBeNull();
  });
});
