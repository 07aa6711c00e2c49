import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore } from '@kindling/core';

const at = (iso: string) => Date.parse(iso);

describe('settleDue', () => {
  it('tells how many users the index found due, up to its limit, beside those whose streaks moved', async () => {
    const engine = createEngine({
      store: memoryStore(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      clock: () => 0,
    });
    for (const userId of ['ann', 'bob', 'cy'])
      await engine.record({ userId, metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    // the 2nd was missed by all three: each streak lost, found a batch of two at a time
    const first = await engine.settleDue({ at: at('2026-03-04T10:00:00Z'), limit: 2 });
    expect(first).toEqual({ due: 2, users: 2, changes: 2, more: true });
    expect(await engine.settleDue({ at: at('2026-03-04T10:00:00Z'), limit: 2 })).toEqual({
      due: 1,
      users: 1,
      changes: 1,
      more: false,
    });
    expect(await engine.settleDue({ at: at('2026-03-04T10:00:00Z') })).toEqual({
      due: 0,
      users: 0,
      changes: 0,
      more: false,
    });
  });
});
