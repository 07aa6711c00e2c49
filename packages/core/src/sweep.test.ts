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

describe('nextDueAt', () => {
  const lessons = [{ metric: 'lessons', threshold: 1 }];
  const engineWith = (rule: Record<string, unknown>) =>
    createEngine({
      store: memoryStore(),
      streaks: [{ key: 'default', frequency: 'daily', conditions: lessons, ...rule }],
      clock: () => 0,
    });

  it('answers the first expiry of the index, and until when nobody is due before it', async () => {
    const engine = engineWith({});
    const until = at('2026-03-10T00:00:00Z');
    expect(await engine.nextDueAt({ at: at('2026-03-01T10:00:00Z'), until })).toBe(until);
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    await engine.record({ userId: 'bob', metric: 'lessons', value: 1, at: at('2026-03-02T09:00:00Z'), tz: 'UTC' });
    // ann's streak is lost as the 3rd begins, unless an event comes
    expect(await engine.nextDueAt({ at: at('2026-03-02T10:00:00Z'), until })).toBe(at('2026-03-03T00:00:00Z'));
    expect(await engine.nextDueAt({ at: at('2026-03-02T10:00:00Z'), until: at('2026-03-02T12:00:00Z') })).toBe(
      at('2026-03-02T12:00:00Z'),
    );
    // once past it, it is due now; settled, the next one is bob's
    expect(await engine.nextDueAt({ at: at('2026-03-03T10:00:00Z'), until })).toBe(at('2026-03-03T10:00:00Z'));
    await engine.settleDue({ at: at('2026-03-03T10:00:00Z') });
    expect(await engine.nextDueAt({ at: at('2026-03-03T10:00:00Z'), until })).toBe(at('2026-03-04T00:00:00Z'));
  });

  it('answers a reminder remindBefore ahead of the expiry, and the expiry once it was sent', async () => {
    const engine = engineWith({ remindBefore: '4h' });
    const until = at('2026-03-10T00:00:00Z');
    await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at('2026-03-01T09:00:00Z'), tz: 'UTC' });
    expect(await engine.nextDueAt({ at: at('2026-03-02T10:00:00Z'), until })).toBe(at('2026-03-02T20:00:00Z'));
    expect((await engine.settleDue({ at: at('2026-03-02T20:00:00Z') })).changes).toBe(1);
    expect(await engine.nextDueAt({ at: at('2026-03-02T20:00:00Z'), until })).toBe(at('2026-03-03T00:00:00Z'));
  });

  it('answers now while someone earns a freeze before until, the index telling who, not when', async () => {
    const engine = engineWith({ freezes: { initial: 0, max: 3, earn: { every: 2, amount: 1 } } });
    for (const day of ['2026-03-01', '2026-03-02'])
      await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: at(`${day}T09:00:00Z`), tz: 'UTC' });
    // the 2nd day met earns a freeze as the 3rd begins, a day before the streak expires
    const now = at('2026-03-02T10:00:00Z');
    expect(await engine.nextDueAt({ at: now, until: at('2026-03-02T12:00:00Z') })).toBe(at('2026-03-02T12:00:00Z'));
    expect(await engine.nextDueAt({ at: now, until: at('2026-03-10T00:00:00Z') })).toBe(now);
    expect((await engine.settleDue({ at: at('2026-03-03T00:00:00Z') })).changes).toBe(1);
  });
});
