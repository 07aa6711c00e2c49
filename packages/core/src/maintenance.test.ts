import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.js';
import { memoryStore } from './memory-store.js';

const rule = { key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] };

describe('rebuildAll', () => {
  it('goes on after a given user id: only the users after it are rebuilt, in id order', async () => {
    const store = memoryStore();
    const engine = createEngine({ store, streaks: [rule], clock: () => Date.parse('2026-03-02T12:00:00Z') });
    for (const userId of ['dee', 'ann', 'cid', 'bob']) await engine.record({ userId, metric: 'lessons', value: 1 });
    const seen: string[] = [];
    const { users } = await engine.rebuildAll({
      after: 'bob',
      onProgress: ({ userId, done, total }) => seen.push(`${userId} ${done}/${total}`),
    });
    expect({ users, seen }).toEqual({ users: 2, seen: ['cid 1/4', 'dee 2/4'] });
  });

  it('stops when onProgress throws, and throws that error', async () => {
    const engine = createEngine({
      store: memoryStore(),
      streaks: [rule],
      clock: () => Date.parse('2026-03-02T12:00:00Z'),
    });
    for (const userId of ['ann', 'bob', 'cid']) await engine.record({ userId, metric: 'lessons', value: 1 });
    const seen: string[] = [];
    const stop = new Error('stop here');
    await expect(
      engine.rebuildAll({
        onProgress: ({ userId }) => {
          seen.push(userId);
          if (userId === 'bob') throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(seen).toEqual(['ann', 'bob']);
  });
});
