import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, parseRules } from '@kindling/core';
import { replayEvents, type EventInput } from '@kindling/core/internal';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);
const rules = [
  {
    key: 'default',
    frequency: 'daily' as const,
    conditions: [{ metric: 'lessons', threshold: 2 }],
    freezes: { initial: 1, earn: { every: 3, amount: 1 } },
  },
];

describe('replay (S19, S20)', () => {
  it('ends in the same state folding events through the engine, with reads between them, as replaying the log at once (S20)', async () => {
    const engine = createEngine({ store: memoryStore(), streaks: rules, clock: () => 0 });
    const log: EventInput[] = [];
    const days = ['2026-01-01', '2026-01-01', '2026-01-02', '2026-01-04', '2026-01-04', '2026-01-09', '2026-01-10'];
    for (const [i, day] of days.entries()) {
      const event = {
        userId: 'u',
        metric: 'lessons',
        value: 1 + (i % 2),
        at: noon(day),
        tz: i === 3 ? 'Asia/Tokyo' : null,
        email: null,
        idempotencyKey: null,
      };
      const result = await engine.record(event);
      log.push({ ...event, eventId: result.eventId });
      await engine.streak('u', { at: noon(day) + 86_400_000 * 3 });
    }
    const replayed = replayEvents(log, { rules: parseRules(rules), achievements: [] });
    expect(await engine.store.load('u')).toEqual(replayed.user);
    const stored = await engine.store.history('u', 'default', 0, 100_000);
    expect(new Set(stored.map((e) => JSON.stringify(e)))).toEqual(
      new Set(replayed.history.map((e) => JSON.stringify(e))),
    );
  });

  it('gives the same streak whichever order a week’s events arrive in, and when one event is split in three (S19)', async () => {
    const weekly = [
      { key: 'default', frequency: 'weekly' as const, conditions: [{ metric: 'lessons', threshold: 3 }] },
    ];
    const week = [
      { value: 1, at: noon('2026-01-05') },
      { value: 2, at: noon('2026-01-07') },
      { value: 1, at: noon('2026-01-09') },
    ];
    const reads = [];
    for (const order of [
      [0, 1, 2],
      [2, 0, 1],
      [1, 2, 0],
    ]) {
      const engine = createEngine({ store: memoryStore(), streaks: weekly, clock: () => 0 });
      for (const i of order) await engine.record({ userId: 'u', metric: 'lessons', ...week[i]! });
      const {
        started: _started,
        extendedAt: _extendedAt,
        ...read
      } = await engine.streak('u', { at: noon('2026-01-11') });
      reads.push(read);
    }
    expect(reads[1]).toEqual(reads[0]);
    expect(reads[2]).toEqual(reads[0]);

    const whole = createEngine({ store: memoryStore(), streaks: weekly, clock: () => 0 });
    const split = createEngine({ store: memoryStore(), streaks: weekly, clock: () => 0 });
    await whole.record({ userId: 'u', metric: 'lessons', value: 3, at: noon('2026-01-06') });
    for (const value of [1.5, 0.75, 0.75])
      await split.record({ userId: 'u', metric: 'lessons', value, at: noon('2026-01-06') });
    expect(await split.streak('u', { at: noon('2026-01-06') })).toEqual(
      await whole.streak('u', { at: noon('2026-01-06') }),
    );
  });
});
