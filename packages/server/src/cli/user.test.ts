import { formatDay, parseDay, type HistoryPeriod } from '@kindling/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPointsSystems } from '../accounts/points-systems.js';
import { createPointsTriggers } from '../accounts/points-triggers.js';
import { Engines } from '../engines/engines.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';
import { LEGEND, dailyCalendar, periodCalendar } from './user.js';

function day(date: string, mark: '#' | '*' | 'p' | '.'): HistoryPeriod {
  return {
    periodStart: date,
    periodEnd: date,
    length: mark === '.' ? 0 : 1,
    usedFreeze: mark === '*',
    usedPause: mark === 'p',
  };
}

describe('dailyCalendar', () => {
  it("draws 8 weeks from the rule's week start, one character a day, blank after today", () => {
    // today is Wednesday 2026-03-04; weeks start on Monday
    const today = parseDay('2026-03-04');
    const history = Array.from({ length: 56 }, (_, i) => day(formatDay(today - 55 + i), '.'));
    history[55] = day('2026-03-04', '#');
    history[54] = day('2026-03-03', '*');
    history[53] = day('2026-03-02', 'p');
    history[52] = day('2026-03-01', '#');
    const rows = dailyCalendar(history, 'monday');
    expect(rows).toHaveLength(9);
    expect(rows[0]).toBe('week of     MTWTFSS');
    expect(rows[1]).toBe('2026-01-12  .......');
    expect(rows[7]).toBe('2026-02-23  ......#');
    expect(rows[8]).toBe('2026-03-02  p*#');
  });

  it('starts the rows on Sunday for a rule whose weeks start on Sunday', () => {
    const rows = dailyCalendar([day('2026-03-04', '#')], 'sunday');
    expect(rows[0]).toBe('week of     SMTWTFS');
    expect(rows[8]).toBe('2026-03-01  ...#');
  });
});

describe('periodCalendar', () => {
  it('draws the last 12 periods on one line with their span', () => {
    const weeks = Array.from({ length: 14 }, (_, i) => ({
      periodStart: `w${i}`,
      periodEnd: `e${i}`,
      length: i % 3 === 0 ? 0 : 1,
      usedFreeze: i === 13,
      usedPause: false,
    }));
    expect(periodCalendar(weeks)).toEqual(['#.##.##.##.*   w2 … e13']);
  });
});

describe('kindling user', () => {
  let d: DataDir;
  beforeEach(async () => {
    d = await dataDir();
  });
  afterEach(() => d.remove());

  it("shows a user's streak, totals and calendar, and the raw data with --json", async () => {
    const backend = d.open();
    const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
    const now = Date.now();
    for (const back of [2, 1, 0])
      await engine.record({ userId: 'ada', metric: 'lessons', value: 2, at: now - back * 86_400_000 });
    await backend.close();
    const shown = await d.cli(['user', 'ada']);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain('totals    lessons 6');
    expect(shown.out).toMatch(/streak {4}3 day\(s\) since \d{4}-\d{2}-\d{2}, longest 3/);
    expect(shown.out).toContain('freezes   1 of at most 3');
    expect(shown.out).toContain(LEGEND);
    // The last three days are held, today last: read the calendar's marks in date order, across
    // week rows (on a Monday or Tuesday the three days span two rows).
    const marks = shown.out
      .split('\n')
      .filter((row) => /^\d{4}-\d{2}-\d{2} {2}/.test(row))
      .map((row) => row.slice(12))
      .join('');
    expect(marks).toMatch(/###$/);
    const json = JSON.parse((await d.cli(['user', 'ada', '--json'])).out);
    expect(json.user).toMatchObject({ id: 'ada', totals: { lessons: 6 } });
    expect(json.streak).toMatchObject({ length: 3, longest: 3 });
    expect(json.streak.streakHistory).toHaveLength(56);
  });

  it("shows the user's points in each points system: total, level and the latest award", async () => {
    const backend = d.open();
    const deps = { control: backend.control, clock: Date.now };
    const accountId = d.first.account.id;
    const lessons = (await backend.control.config(accountId)).metrics.find((m) => m.key === 'lessons')?.id ?? '';
    const made = await createPointsSystems(
      deps,
      accountId,
      [{ name: 'XP', key: 'xp', levels: [{ name: 'Bronze', key: 'bronze', points: 10 }] }],
      { tenantId: null, exists: async () => false },
    );
    await createPointsTriggers(deps, accountId, made.applied[0]?.system.id ?? '', [
      { type: 'metric', points: 10, metricId: lessons, metricThreshold: 1, status: 'active' },
    ]);
    const { engine } = await new Engines(backend, 0).runtimeFor(accountId);
    // now: a trigger counts nothing from before it was made active (S28)
    const { at } = await engine.record({ userId: 'ada', metric: 'lessons', value: 2 });
    await backend.close();
    const shown = await d.cli(['user', 'ada']);
    expect(shown.out).toContain(`points    xp 20, level bronze, last +20 at ${at}`);
    const json = JSON.parse((await d.cli(['user', 'ada', '--json'])).out);
    expect(json.points.xp).toMatchObject({ total: 20, level: { key: 'bronze' }, awards: [{ awarded: 20 }] });
  });

  it('fails with exit 1 for an unknown user and exit 2 without an id', async () => {
    expect(await d.cli(['user', 'nobody'])).toMatchObject({ code: 1, err: expect.stringContaining('"nobody"') });
    expect(await d.cli(['user'])).toMatchObject({ code: 2, err: expect.stringContaining('missing ID') });
  });
});
