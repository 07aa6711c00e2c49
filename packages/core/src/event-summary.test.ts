import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.js';
import { memoryStore } from './memory-store.js';

const AT = Date.parse('2026-03-02T10:00:00Z');

async function engineWithOneEvent() {
  const engine = createEngine({
    store: memoryStore(),
    clock: () => AT,
    metrics: ['lessons'],
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
  });
  await engine.record({ userId: 'u', metric: 'lessons', value: 1, tz: 'UTC' });
  return engine;
}

describe('an event summary', () => {
  it('writes every period as YYYY-MM-DD, from the first day of year 0000 to the last of 9999', async () => {
    const engine = await engineWithOneEvent();
    const first = await engine.eventSummary('u', 'lessons', {
      aggregation: 'daily',
      from: '0000-01-01',
      to: '0000-01-03',
    });
    expect(first.map((p) => p.date)).toEqual(['0000-01-01', '0000-01-02', '0000-01-03']);
    const months = await engine.eventSummary('u', 'lessons', {
      aggregation: 'monthly',
      from: '9999-11-15',
      to: '9999-12-31',
    });
    expect(months.map((p) => p.date)).toEqual(['9999-11-01', '9999-12-01']);
    expect(months.at(-1)).toMatchObject({ total: 1, change: 0 });
  });

  it('refuses a range whose first period would start before 0000-01-01, as a date out of range', async () => {
    const engine = await engineWithOneEvent();
    // 0000-01-01 is a Saturday: its week from Monday starts in the year before 0000.
    await expect(
      engine.eventSummary('u', 'lessons', { aggregation: 'weekly', from: '0000-01-01', to: '0000-01-20' }),
    ).rejects.toMatchObject({ code: 'INVALID_DATE', message: expect.stringMatching(/0000-01-01/) });
    const weeks = await engine.eventSummary('u', 'lessons', {
      aggregation: 'weekly',
      from: '0000-01-03',
      to: '0000-01-20',
    });
    expect(weeks.map((p) => p.date)).toEqual(['0000-01-03', '0000-01-10', '0000-01-17']);
  });

  it('takes an end date 400 days after the start, as the wire reference bounds the range, and refuses 401', async () => {
    const engine = await engineWithOneEvent();
    const days = await engine.eventSummary('u', 'lessons', {
      aggregation: 'daily',
      from: '2025-10-24',
      to: '2026-11-28',
    });
    expect(days).toHaveLength(401);
    expect([days[0]?.date, days.at(-1)?.date]).toEqual(['2025-10-24', '2026-11-28']);
    await expect(
      engine.eventSummary('u', 'lessons', { aggregation: 'daily', from: '2025-10-23', to: '2026-11-28' }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'the last date of a summary may be at most 400 days after its first: 2025-10-23 to 2026-11-28 is 401',
    });
  });
});
