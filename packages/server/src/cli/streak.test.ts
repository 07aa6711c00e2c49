import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engines } from '../runtime/engines.js';
import { tenantSpace } from '../runtime/spaces.js';
import { dataDir, type DataDir } from './test-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

async function recordFor(users: string[]): Promise<void> {
  const backend = d.open();
  const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
  for (const userId of users)
    await engine.record({ userId, metric: 'lessons', value: 1, at: Date.parse('2026-01-05T10:00:00Z') });
  await backend.close();
}

describe('kindling streak', () => {
  it('shows the rule made at first start', async () => {
    const shown = await d.cli(['streak', 'show']);
    expect(shown.out).toContain('frequency       daily');
    expect(shown.out).toContain('lessons >= 1 per period');
    expect(shown.out).toContain('rebuild         none yet');
  });

  // a bad value is a usage mistake (exit 2), told by the flag that gave it, and nothing is saved
  it.each([
    [['--day-start', '25:00'], /^--day-start: dayStartsAt must be a time/],
    [['--tz', 'Mars/Olympus'], /^--tz: .*Mars\/Olympus/],
    [['--condition', 'lessons:0'], /^--condition: conditions\[0\]\.threshold must be/],
    [['--freezes', '5,2'], /^--freezes: freezes\.initial \(5\) is above/],
  ])('refuses %j with exit 2, naming the flag, and saves nothing', async (flags, message) => {
    const before = await d.cli(['streak', 'show']);
    const condition = flags.includes('--condition') ? [] : ['--condition', 'lessons:1'];
    const res = await d.cli(['streak', 'set', '--frequency', 'daily', ...condition, ...flags]);
    expect(res.code).toBe(2);
    expect(res.err.replace(/^kindling: /, '')).toMatch(message);
    expect(res.err).not.toMatch(/streaks\[0\]/);
    expect((await d.cli(['streak', 'show'])).out).toBe(before.out);
  });

  it('saves a new rule and rebuilds every user, keeping the rebuild in the control plane', async () => {
    await recordFor(['a', 'b', 'c']);
    const set = await d.cli([
      'streak',
      'set',
      '--frequency',
      'weekly',
      '--week-start',
      'sunday',
      '--condition',
      'lessons:3',
      '--freezes',
      '0,2,2,1',
      '--tz',
      'europe/berlin',
      '--json',
    ]);
    expect(set.code).toBe(0);
    const printed = JSON.parse(set.out);
    expect(printed.rule).toEqual({
      frequency: 'weekly',
      weekStart: 'sunday',
      dayStartsAt: '00:00',
      // kept under its canonical name (S1)
      defaultTimeZone: 'Europe/Berlin',
      mode: 'all',
      conditions: [{ metric: 'lessons', threshold: 3 }],
      freezes: { initial: 0, max: 2, earn: { every: 2, amount: 1 } },
      restoreWindow: 1,
    });
    expect(printed.rebuild).toMatchObject({ status: 'done', done: 3, total: 3 });
    const backend = d.open();
    const config = await backend.control.config(d.first.account.id);
    const rebuild = await backend.control.rebuild(d.first.account.id);
    await backend.close();
    expect(config.streak).toEqual(printed.rule);
    expect(rebuild).toMatchObject({ status: 'done', done: 3, version: config.version });
    expect(JSON.parse((await d.cli(['streak', 'show', '--json'])).out)).toEqual({ rule: printed.rule, rebuild });
  });

  it("rebuilds every tenant's users too, as saving the rule through the admin API does", async () => {
    const backend = d.open();
    const accountId = d.first.account.id;
    const at = new Date().toISOString();
    await backend.control.changeTenants(accountId, (tenants) => [
      ...tenants,
      { id: 'tn1', customerId: 'school-1', name: 'School 1', status: 'active', created: at, updated: at },
    ]);
    const { engine } = await new Engines(backend, 0).runtimeFor(tenantSpace(accountId, 'tn1'));
    for (const userId of ['t-a', 't-b'])
      await engine.record({ userId, metric: 'lessons', value: 1, at: Date.parse('2026-01-05T10:00:00Z') });
    await backend.close();

    const set = await d.cli(['streak', 'set', '--frequency', 'weekly', '--condition', 'lessons:1', '--json']);
    expect(set.code).toBe(0);
    const after = d.open();
    const version = (await after.control.config(accountId)).version;
    const tenantRebuild = await after.control.rebuild(tenantSpace(accountId, 'tn1').store);
    await after.close();
    expect(tenantRebuild).toMatchObject({ status: 'done', done: 2, total: 2, version });
    expect(JSON.parse(set.out).tenants).toEqual([
      { tenant: 'school-1', rebuild: expect.objectContaining({ status: 'done', done: 2, version }) },
    ]);
    const human = await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons:1']);
    expect(human.out).toMatch(/^ {2}tenant school-1: done: 2\/2 users \(configuration version \d+\)/m);
  });

  it.each([
    'lessons:0x10',
    'lessons:0b11',
    'lessons:1e1',
    'lessons:   ',
    'lessons: 5',
    'lessons:010',
    'lessons:Infinity',
  ])(
    'refuses --condition %s, a threshold not written in plain decimal digits (exit 2, naming --condition)',
    async (condition) => {
      expect(await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', condition])).toMatchObject({
        code: 2,
        err: expect.stringContaining('--condition'),
      });
    },
  );

  it('takes a fractional threshold in decimal digits', async () => {
    const set = await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons:2.5', '--json']);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.out).rule.conditions).toEqual([{ metric: 'lessons', threshold: 2.5 }]);
  });

  it('refuses an unknown metric, a rule the core rejects and a malformed flag, changing nothing', async () => {
    // a value the engine refuses is a usage mistake (exit 2), as a malformed one is
    expect(await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'minutes:10'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('counts the metric "minutes", but no metric has this key; active metrics: lessons'),
    });
    expect(
      await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons:1', '--tz', 'Mars/Olympus']),
    ).toMatchObject({ code: 2, err: expect.stringContaining('Mars/Olympus') });
    expect(
      await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons:1', '--freezes', '3,1']),
    ).toMatchObject({ code: 2, err: expect.stringContaining('freezes.initial (3) is above freezes.max (1)') });
    expect(await d.cli(['streak', 'set', '--frequency', 'hourly', '--condition', 'lessons:1'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--frequency must be daily, weekly, monthly'),
    });
    expect(await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--condition must be METRIC:THRESHOLD'),
    });
    expect(await d.cli(['streak', 'set', '--condition', 'lessons:1'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--frequency is required'),
    });
    const backend = d.open();
    const config = await backend.control.config(d.first.account.id);
    await backend.close();
    expect(config.streak?.frequency).toBe('daily');
  });
});
