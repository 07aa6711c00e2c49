import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore } from '@kindling/core';

const at = (iso: string) => Date.parse(iso);

describe("an owner's action on a user who stayed away", () => {
  it('counts the loss that the time since settled, on the day it happened, once', async () => {
    const store = memoryStore();
    const engine = createEngine({
      store,
      streaks: [
        {
          key: 'default',
          frequency: 'daily',
          conditions: [{ metric: 'lessons', threshold: 1 }],
          freezes: { initial: 0, max: 3 },
        },
      ],
      clock: () => 0,
    });
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    // the 2nd was missed: lost as the 3rd began; the grant on the 5th settles that first
    await engine.grantFreezes('ann', 1, { at: at('2026-03-05T09:00:00Z') });
    expect(await engine.settleDue({ at: at('2026-03-05T10:00:00Z') })).toEqual({
      due: 0,
      users: 0,
      changes: 0,
      more: false,
    });
    const days = (await store.activity('2026-03-01', '2026-03-06')).days;
    expect(days.map(({ day, lost }) => ({ day, lost }))).toEqual([
      { day: '2026-03-01', lost: 0 },
      { day: '2026-03-03', lost: 1 },
    ]);
  });
});
