import { describe, expect, it } from 'vitest';
import { userQueue } from './user-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('userQueue', () => {
  it('runs one user’s work in the order asked, one at a time, and other users’ work alongside', async () => {
    const inTurn = userQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([
      inTurn('a', job('a1')),
      inTurn('a', job('a2')),
      inTurn('b', job('b1')),
      inTurn('a', job('a3')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
    const mine = log.filter((line) => line.endsWith('a1') || line.endsWith('a2') || line.endsWith('a3'));
    expect(mine).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(2);
  });

  it('goes on after a failed update, passing its error to its caller only', async () => {
    const inTurn = userQueue();
    const failed = inTurn('a', async () => {
      throw new Error('boom');
    });
    const next = inTurn('a', async () => 'after');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
  });
});
