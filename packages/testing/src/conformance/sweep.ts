/**
 * Settling ahead of events on a given store (S10): the users whose streak needs a freeze or is lost
 * are found in the store's index, each settled once however many sweepers run, and what was settled
 * is counted in the same write and never again by the user's next event.
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);
const lessons = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
};

export function sweepCases(store: () => Store): void {
  const engineOn = (s: Store) =>
    createEngine({ store: s, streaks: [{ ...lessons, freezes: { initial: 0, max: 3 } }], metrics: ['lessons'] });

  async function seed(engine: ReturnType<typeof engineOn>) {
    const record = (userId: string, iso: string) =>
      engine.record({ userId, metric: 'lessons', value: 1, at: at(iso), tz: 'UTC' });
    await record('ann', '2026-03-01T09:00:00Z');
    await engine.grantFreezes('ann', 1, { at: at('2026-03-01T10:00:00Z') });
    await record('bob', '2026-03-01T09:00:00Z');
    for (const day of ['01', '02', '03', '04']) await record('cat', `2026-03-${day}T09:00:00Z`);
  }

  it('settles the users the index finds due, once, dating and counting each change on the day it happened', async () => {
    const engine = engineOn(store());
    await seed(engine);
    const sweep = await engine.settleDue({ at: at('2026-03-04T12:00:00Z') });
    expect(sweep).toEqual({ due: 2, users: 2, changes: 3, more: false });
    expect(await engine.settleDue({ at: at('2026-03-04T12:00:00Z') })).toEqual({
      due: 0,
      users: 0,
      changes: 0,
      more: false,
    });

    const days = (await store().activity('2026-03-01', '2026-03-05')).days;
    expect(days.map(({ day, lost, freezesUsed }) => ({ day, lost, freezesUsed }))).toEqual([
      { day: '2026-03-01', lost: 0, freezesUsed: 0 },
      { day: '2026-03-02', lost: 0, freezesUsed: 0 },
      { day: '2026-03-03', lost: 1, freezesUsed: 1 }, // bob lost the 2nd; ann's freeze held it
      { day: '2026-03-04', lost: 1, freezesUsed: 0 }, // ann lost the 3rd
    ]);
    // settled already: the next event starts again without reporting the loss a second time
    const next = await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at('2026-03-04T13:00:00Z') });
    expect(next.changes.map((c) => c.type)).toEqual(['streak.started']);
    // and the index knows: only live streaks expire now, ann's new one and cat's at the end of the 5th
    expect(await engine.expiring({ at: at('2026-03-04T13:00:00Z'), before: at('2026-03-10T00:00:00Z') })).toEqual([
      { userId: 'ann', length: 1, expiresAt: '2026-03-06T00:00:00.000Z' },
      { userId: 'cat', length: 4, expiresAt: '2026-03-06T00:00:00.000Z' },
    ]);
  });

  it('answers the changes of one user with the instants they happened, and none for a user settled or never seen', async () => {
    const engine = engineOn(store());
    await seed(engine);
    const settled = await engine.settle('ann', { at: at('2026-03-04T12:00:00Z') });
    expect(settled.changes.map((c) => [c.type, c.at])).toEqual([
      ['freeze.consumed', '2026-03-03T00:00:00.000Z'],
      ['streak.lost', '2026-03-04T00:00:00.000Z'],
    ]);
    expect((await engine.settle('ann', { at: at('2026-03-04T12:00:00Z') })).changes).toEqual([]);
    expect((await engine.settle('nobody', { at: at('2026-03-04T12:00:00Z') })).changes).toEqual([]);
  });

  it('settles each user once when two sweepers run at the same time', async () => {
    const first = engineOn(store());
    const second = engineOn(store());
    await seed(first);
    const [a, b] = await Promise.all([
      first.settleDue({ at: at('2026-03-04T12:00:00Z') }),
      second.settleDue({ at: at('2026-03-04T12:00:00Z') }),
    ]);
    expect(a.changes + b.changes).toBe(3);
    const days = (await store().activity('2026-03-03', '2026-03-04')).days;
    expect(days.reduce((sum, d) => sum + d.lost + d.freezesUsed, 0)).toBe(3);
  });
}
