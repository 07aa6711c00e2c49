import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type StreakRuleInput } from '@kindling/core';

const daily: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
};

function engineWith(rule: StreakRuleInput = daily, metrics = ['lessons', 'minutes']) {
  return createEngine({
    store: memoryStore(),
    streaks: [rule],
    metrics,
    clock: () => Date.parse('2000-01-01T00:00:00Z'),
  });
}

const at = (iso: string) => Date.parse(iso);

describe('placing events on local dates (S1, S2, S4)', () => {
  it('counts an evening event in Los Angeles on the local date, not the UTC one (S1)', async () => {
    const engine = engineWith();
    const result = await engine.record({
      userId: 'ana',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-03T06:30:00Z'),
      tz: 'America/Los_Angeles',
    });
    expect(result.currentStreak?.periodStart).toBe('2026-03-02');
  });

  it('falls back to the user’s last known zone, then to the rule’s default zone (S1)', async () => {
    const engine = engineWith({ ...daily, defaultTimeZone: 'Asia/Tokyo' });
    const first = await engine.record({ userId: 'ken', metric: 'lessons', value: 1, at: at('2026-03-02T16:00:00Z') });
    expect(first.currentStreak?.periodStart).toBe('2026-03-03');
    await engine.record({
      userId: 'ken',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-03T16:00:00Z'),
      tz: 'Europe/London',
    });
    const third = await engine.record({ userId: 'ken', metric: 'lessons', value: 1, at: at('2026-03-04T23:30:00Z') });
    expect(third.currentStreak?.periodStart).toBe('2026-03-04');
  });

  it('counts a 01:30 event for the previous date when the day starts at 04:00 (S2)', async () => {
    const engine = engineWith({ ...daily, dayStartsAt: '04:00' });
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-05-01T20:00:00Z'), tz: 'UTC' });
    const late = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-05-02T01:30:00Z') });
    expect(late.currentStreak?.periodStart).toBe('2026-05-01');
    expect(late.currentStreak?.extended).toBe(false);
    expect(late.currentStreak?.expiresAt).toBe('2026-05-03T04:00:00.000Z');
  });

  it('places a late event on its own earlier date, and the streak stays on the latest date (S4)', async () => {
    const engine = engineWith();
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-05-02T10:00:00Z'), tz: 'UTC' });
    const late = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-05-01T10:00:00Z') });
    expect(late.currentStreak?.periodStart).toBe('2026-05-02');
    expect(late.currentStreak?.length).toBe(2);
  });
});

describe('travel (S4, S5)', () => {
  it('keeps a daily streak when the user flies from Tokyo to Los Angeles around midnight and acts on the repeated date (S4)', async () => {
    const engine = engineWith();
    // 23:30 in Tokyo on March 10 …
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-03-10T14:30:00Z'), tz: 'Asia/Tokyo' });
    // … lands in Los Angeles, where it is March 10 again (07:30 local): the date does not go back.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-10T14:30:00Z') + 10 * 3_600_000,
      tz: 'America/Los_Angeles',
    });
    expect(landed.currentStreak).toMatchObject({ length: 1, periodStart: '2026-03-10', extended: false });
    // The next local day in Los Angeles extends it.
    const next = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-11T17:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    expect(next.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-11', extended: true });
  });

  it('does not count the date skipped by flying from Los Angeles to Tokyo as a miss (S5)', async () => {
    const engine = engineWith();
    // March 10, 21:00 in Los Angeles.
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-11T04:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    // Eleven hours later it is March 11, 08:00 in Los Angeles but March 12, 00:00+ in Tokyo.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-11T15:30:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-12', extended: true });
    expect(landed.changes.map((c) => c.type)).toEqual(['streak.extended']);
    const read = await engine.streak('u', { at: at('2026-03-11T15:30:00Z'), historyPeriods: 3 });
    expect(read.streakHistory.map((p) => [p.periodStart, p.length])).toEqual([
      ['2026-03-10', 1],
      ['2026-03-11', 1],
      ['2026-03-12', 2],
    ]);
  });

  it('still counts a date that was missed in both zones when the user changes zone (S5)', async () => {
    const engine = engineWith();
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-03-10T20:00:00Z'), tz: 'UTC' });
    const back = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-12T12:00:00Z'),
      tz: 'Europe/Berlin',
    });
    expect(back.currentStreak).toMatchObject({ length: 1, started: '2026-03-12' });
    expect(back.changes.map((c) => c.type)).toEqual(['streak.lost', 'streak.started']);
  });

  it('keeps a weekly streak when the user flies from Tokyo to Honolulu mid-week (S4, S5)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'weekly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-03-04T03:00:00Z'), tz: 'Asia/Tokyo' }); // Wed 12:00 Tokyo
    const nextWeek = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-10T22:00:00Z'),
      tz: 'Pacific/Honolulu',
    }); // Tue 12:00 Honolulu
    expect(nextWeek.currentStreak).toMatchObject({
      length: 2,
      periodStart: '2026-03-09',
      periodEnd: '2026-03-15',
      extended: true,
    });
  });

  it('keeps a daily streak when a flight east makes the day missed in the old zone the next day in the new one (S5)', async () => {
    const engine = engineWith({ ...daily, freezes: { initial: 1 } });
    // March 10, 20:00 in Los Angeles (March 11, 13:00 in Tokyo).
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-11T04:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    // March 12, 23:00 in Tokyo, still March 12 (07:00) in Los Angeles: Los Angeles alone missed March 11;
    // with the last event placed in Tokyo too (March 11), March 12 follows it. Nothing is missed.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-12T14:00:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.changes.map((c) => c.type)).toEqual(['streak.extended']);
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-12', extended: true, freezes: 1 });
  });

  it('keeps a weekly streak when the last event of a week in Los Angeles already falls in the next week in Tokyo (S5)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'weekly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
      freezes: { initial: 1 },
    });
    // Sunday March 8, 20:00 in Los Angeles: Monday March 9, 12:00 in Tokyo.
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-09T03:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    // Sunday March 22, 23:00 in Tokyo (07:00 in Los Angeles): Los Angeles alone missed the week of March 9.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-22T14:00:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.changes.map((c) => c.type)).toEqual(['streak.extended']);
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-16', extended: true, freezes: 1 });
  });

  it('keeps a monthly streak whose day starts at 04:00 when the last event counted for March in Los Angeles falls in April in Tokyo (S2, S5)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'monthly',
      dayStartsAt: '04:00',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    // April 1, 02:00 in Los Angeles counts for March 31 there; in Tokyo it is April 1, 18:00.
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-04-01T09:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    // May 2, 10:00 in Tokyo (May 1, 18:00 in Los Angeles): Los Angeles alone missed April.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-05-02T01:00:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.changes.map((c) => c.type)).toEqual(['streak.extended']);
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-05-01', extended: true });
  });

  it('excuses the day only the new zone skipped when the old zone missed none (S5)', async () => {
    const engine = engineWith();
    // March 10, 00:30 in Los Angeles (16:30 in Tokyo).
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-10T07:30:00Z'),
      tz: 'America/Los_Angeles',
    });
    // March 11, 23:00 in Los Angeles is March 12, 15:00 in Tokyo: Tokyo alone sees March 11 go by.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-12T06:00:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.changes.map((c) => c.type)).toEqual(['streak.extended']);
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-12', extended: true });
  });

  it('counts a day missed in both zones once, with the last event placed in the new zone too (S5)', async () => {
    const engine = engineWith({ ...daily, freezes: { initial: 2 } });
    // March 10, 20:00 in Los Angeles (March 11, 13:00 in Tokyo).
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-11T04:00:00Z'),
      tz: 'America/Los_Angeles',
    });
    // March 13, 23:00 in Tokyo (07:00 in Los Angeles): Los Angeles missed March 11 and 12, Tokyo March 12 only.
    const landed = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-03-13T14:00:00Z'),
      tz: 'Asia/Tokyo',
    });
    expect(landed.changes.map((c) => c.type)).toEqual(['freeze.consumed', 'streak.extended']);
    expect(landed.currentStreak).toMatchObject({ length: 2, periodStart: '2026-03-13', freezes: 1 });
  });

  it('does not miss the date Pacific/Apia skipped in 2011 (S5)', async () => {
    const engine = engineWith();
    await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2011-12-29T20:00:00Z'),
      tz: 'Pacific/Apia',
    }); // Dec 29, 10:00 local
    const after = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2011-12-30T20:00:00Z') }); // Dec 31, 10:00 local
    expect(after.currentStreak).toMatchObject({ length: 2, periodStart: '2011-12-31', extended: true });
  });
});

describe('conditions and extension (S6, S7, S8)', () => {
  it('extends only on the event that first meets every threshold in mode all (S6, S7)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'daily',
      mode: 'all',
      conditions: [
        { metric: 'lessons', threshold: 2 },
        { metric: 'minutes', threshold: 10 },
      ],
    });
    const base = { userId: 'u', tz: 'UTC' };
    const one = await engine.record({ ...base, metric: 'lessons', value: 2, at: at('2026-06-01T08:00:00Z') });
    const two = await engine.record({ ...base, metric: 'minutes', value: 6, at: at('2026-06-01T09:00:00Z') });
    const three = await engine.record({ ...base, metric: 'minutes', value: 4, at: at('2026-06-01T10:00:00Z') });
    const four = await engine.record({ ...base, metric: 'minutes', value: 4, at: at('2026-06-01T11:00:00Z') });
    expect([one, two, three, four].map((r) => [r.currentStreak?.extended, r.currentStreak?.length])).toEqual([
      [false, 0],
      [false, 0],
      [true, 1],
      [false, 1],
    ]);
  });

  it('extends on the first metric that meets its threshold in mode any (S6)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'daily',
      mode: 'any',
      conditions: [
        { metric: 'lessons', threshold: 2 },
        { metric: 'minutes', threshold: 10 },
      ],
    });
    const result = await engine.record({ userId: 'u', metric: 'minutes', value: 12, at: at('2026-06-01T08:00:00Z') });
    expect(result.currentStreak).toMatchObject({ extended: true, length: 1 });
  });

  it('sums fractional values and lets negative values lower the sum, but a met period stays met (S6)', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'daily',
      conditions: [{ metric: 'minutes', threshold: 1 }],
    });
    const base = { userId: 'u', metric: 'minutes' };
    expect((await engine.record({ ...base, value: 0.7, at: at('2026-06-01T08:00:00Z') })).currentStreak?.extended).toBe(
      false,
    );
    expect(
      (await engine.record({ ...base, value: -0.2, at: at('2026-06-01T08:10:00Z') })).currentStreak?.extended,
    ).toBe(false);
    const met = await engine.record({ ...base, value: 0.1 + 0.1 + 0.1 + 0.1 + 0.1, at: at('2026-06-01T08:20:00Z') });
    expect(met.currentStreak).toMatchObject({ extended: true, length: 1 });
    const lowered = await engine.record({ ...base, value: -5, at: at('2026-06-01T08:30:00Z') });
    expect(lowered.currentStreak).toMatchObject({ extended: false, length: 1 });
    expect(lowered.total).toBeCloseTo(-4, 10);
  });

  it('adds one per met period, and starts again at 1 with a new start date after a loss (S8)', async () => {
    const engine = engineWith();
    const lengths: Array<[number | undefined, string | null | undefined]> = [];
    for (const day of ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-05', '2026-06-06']) {
      const r = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at(`${day}T12:00:00Z`) });
      lengths.push([r.currentStreak?.length, r.currentStreak?.started]);
    }
    expect(lengths).toEqual([
      [1, '2026-06-01'],
      [2, '2026-06-01'],
      [3, '2026-06-01'],
      [1, '2026-06-05'],
      [2, '2026-06-05'],
    ]);
  });

  it('records the other metric’s total without touching a streak that does not use it', async () => {
    const engine = engineWith();
    const result = await engine.record({ userId: 'u', metric: 'minutes', value: 30, at: at('2026-06-01T12:00:00Z') });
    expect(result).toMatchObject({ total: 30, currentStreak: { length: 0, extended: false } });
  });
});

describe('weekly and monthly periods (S3)', () => {
  it('runs weeks from Monday by default and from Sunday when the rule says so', async () => {
    const monday = engineWith({
      key: 'default',
      frequency: 'weekly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    const sunday = engineWith({
      key: 'default',
      frequency: 'weekly',
      weekStart: 'sunday',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    const event = { userId: 'u', metric: 'lessons', value: 1, at: at('2026-11-22T12:00:00Z') }; // a Sunday
    expect((await monday.record(event)).currentStreak).toMatchObject({
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      expires: '2026-11-29',
    });
    expect((await sunday.record(event)).currentStreak).toMatchObject({
      periodStart: '2026-11-22',
      periodEnd: '2026-11-28',
      expires: '2026-12-05',
    });
  });

  it('extends a Sunday-start weekly streak on Saturday then Sunday, and a Monday-start one only once', async () => {
    const rule = (weekStart: 'sunday' | 'monday'): StreakRuleInput => ({
      key: 'default',
      frequency: 'weekly',
      weekStart,
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    for (const [weekStart, expected] of [
      ['sunday', 2],
      ['monday', 1],
    ] as const) {
      const engine = engineWith(rule(weekStart));
      await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-11-21T12:00:00Z') }); // Saturday
      const result = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-11-22T12:00:00Z') }); // Sunday
      expect(result.currentStreak?.length).toBe(expected);
    }
  });

  it('carries a monthly streak from January 31 to February 1 and through February 29 of a leap year', async () => {
    const engine = engineWith({
      key: 'default',
      frequency: 'monthly',
      conditions: [{ metric: 'lessons', threshold: 1 }],
    });
    const jan = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2024-01-31T23:00:00Z') });
    expect(jan.currentStreak).toMatchObject({
      length: 1,
      periodStart: '2024-01-01',
      periodEnd: '2024-01-31',
      expires: '2024-02-29',
    });
    const feb = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2024-02-01T00:30:00Z') });
    expect(feb.currentStreak).toMatchObject({
      length: 2,
      periodStart: '2024-02-01',
      periodEnd: '2024-02-29',
      expires: '2024-03-31',
    });
    const leap = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2024-02-29T12:00:00Z') });
    expect(leap.currentStreak).toMatchObject({ length: 2, extended: false, periodEnd: '2024-02-29' });
    const mar = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2024-03-01T12:00:00Z') });
    expect(mar.currentStreak).toMatchObject({ length: 3, periodStart: '2024-03-01', periodEnd: '2024-03-31' });
  });
});

describe('daylight saving days (S1)', () => {
  it('keeps a daily streak across the spring-forward and fall-back days in America/New_York', async () => {
    const engine = engineWith();
    const base = { userId: 'u', metric: 'lessons', value: 1, tz: 'America/New_York' };
    // 23:30 local on each day around 2026-03-08 (spring forward) and 2026-11-01 (fall back).
    const spring = ['2026-03-08T03:30:00Z', '2026-03-09T03:30:00Z', '2026-03-10T03:30:00Z'];
    const lengths = [];
    for (const instant of spring)
      lengths.push((await engine.record({ ...base, at: at(instant) })).currentStreak?.periodStart);
    expect(lengths).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    const fall = await engineWith().record({ ...base, at: at('2026-11-02T04:30:00Z') }); // 23:30 EST on Nov 1
    expect(fall.currentStreak).toMatchObject({
      periodStart: '2026-11-01',
      expires: '2026-11-02',
      expiresAt: '2026-11-03T05:00:00.000Z',
    });
  });

  it('ends the spring-forward day at the right instant in Australia/Sydney', async () => {
    const engine = engineWith();
    // 2026-10-04 is the day clocks go forward in Sydney (+10 → +11 at 02:00).
    const result = await engine.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      at: at('2026-10-03T13:59:00Z'),
      tz: 'Australia/Sydney',
    }); // 23:59 on Oct 3
    expect(result.currentStreak).toMatchObject({
      periodStart: '2026-10-03',
      expires: '2026-10-04',
      expiresAt: '2026-10-04T13:00:00.000Z',
    });
    const next = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at('2026-10-04T12:59:00Z') }); // 23:59 on Oct 4 (+11)
    expect(next.currentStreak).toMatchObject({ length: 2, periodStart: '2026-10-04' });
  });

  it('puts the same instant on different dates at UTC-12 and UTC+14', async () => {
    const instant = at('2026-07-01T11:00:00Z');
    const west = await engineWith().record({ userId: 'w', metric: 'lessons', value: 1, at: instant, tz: 'Etc/GMT+12' });
    const east = await engineWith().record({
      userId: 'e',
      metric: 'lessons',
      value: 1,
      at: instant,
      tz: 'Pacific/Kiritimati',
    });
    expect(west.currentStreak?.periodStart).toBe('2026-06-30');
    expect(east.currentStreak?.periodStart).toBe('2026-07-02');
  });
});
