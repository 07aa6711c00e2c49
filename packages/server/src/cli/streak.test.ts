import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuleConfig } from '../control/types.js';
import { Engines } from '../engines/engines.js';
import { tenantSpace } from '../backend/spaces.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';

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
    // the starter rule's earned freezes keep the weekly streaks running: a daily rule ends them
    const human = await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons:1', '--yes']);
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
    const backend = d.open();
    const config = await backend.control.config(d.first.account.id);
    await backend.close();
    expect(config.streak?.frequency).toBe('daily');
  });

  describe('set changes only what its flags name', () => {
    const DAY = 86_400_000;
    const kept: RuleConfig = {
      frequency: 'daily',
      weekStart: 'monday',
      dayStartsAt: '00:00',
      defaultTimeZone: 'UTC',
      mode: 'all',
      conditions: [{ metric: 'lessons', threshold: 1 }],
      freezes: { initial: 2, max: 3, earn: null },
      restoreWindow: 1,
      remindBefore: '4h',
      personalization: { mode: true, thresholds: { min: 1, max: 5 } },
    };

    /** The account's rule set as PUT /admin/v1/streak saves it, in the control plane. */
    async function saveRule(rule: RuleConfig): Promise<void> {
      const backend = d.open();
      await backend.control.changeConfig(d.first.account.id, (config) => ({ ...config, streak: rule }));
      await backend.close();
    }

    async function savedRule(): Promise<RuleConfig | null> {
      const backend = d.open();
      const config = await backend.control.config(d.first.account.id);
      await backend.close();
      return config.streak;
    }

    /** Each user's current streak as a read shows it now. */
    async function lengths(users: string[]): Promise<number[]> {
      const backend = d.open();
      const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
      const read = await Promise.all(users.map((u) => engine.streak(u)));
      await backend.close();
      return read.map((r) => r.length);
    }

    /** `count` lessons for each user at each instant. */
    async function lessons(entries: Array<[string, number, number]>): Promise<void> {
      const backend = d.open();
      const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
      for (const [userId, at, count] of entries) await engine.record({ userId, metric: 'lessons', value: count, at });
      await backend.close();
    }

    it('keeps remindBefore and personalization set by the admin API when other fields are set', async () => {
      await saveRule(kept);
      const set = await d.cli([
        'streak',
        'set',
        '--frequency',
        'daily',
        '--condition',
        'lessons:1',
        '--freezes',
        '2,3,7,1',
        '--json',
      ]);
      expect(set.code).toBe(0);
      const expected = { ...kept, freezes: { initial: 2, max: 3, earn: { every: 7, amount: 1 } } };
      expect(await savedRule()).toEqual(expected);
      expect(JSON.parse(set.out).rule).toEqual(expected);
    });

    it("keeps the freezes, and so a user's 39-day streak, when set is run without --freezes", async () => {
      await saveRule(kept);
      // a lesson on each of 39 days up to the day before yesterday; yesterday is covered by a freeze
      const today = Math.floor(Date.now() / DAY) * DAY;
      await lessons(Array.from({ length: 39 }, (_, i) => ['long', today - (40 - i) * DAY + 12 * 3_600_000, 1]));
      const [before] = await lengths(['long']);
      expect(before).toBeGreaterThanOrEqual(39);
      const set = await d.cli(['streak', 'set', '--frequency', 'daily', '--condition', 'lessons:1']);
      expect(set.code).toBe(0);
      expect(await lengths(['long'])).toEqual([before]);
      expect((await savedRule())?.freezes).toEqual(kept.freezes);
    });

    it('changes one field alone, and clears an optional one with none', async () => {
      await saveRule(kept);
      expect((await d.cli(['streak', 'set', '--restore-window', '3'])).code).toBe(0);
      expect(await savedRule()).toEqual({ ...kept, restoreWindow: 3 });
      expect((await d.cli(['streak', 'set', '--remind-before', 'none', '--personal-thresholds', 'none'])).code).toBe(0);
      expect(await savedRule()).toEqual({
        ...kept,
        restoreWindow: 3,
        remindBefore: null,
        personalization: { mode: true, thresholds: null },
      });
      expect((await d.cli(['streak', 'set', '--personal-mode', 'off', '--freezes', 'none'])).code).toBe(0);
      expect(await savedRule()).toMatchObject({ freezes: null, personalization: null, restoreWindow: 3 });
      expect((await d.cli(['streak', 'set', '--remind-before', '90m', '--personal-thresholds', '2,8'])).code).toBe(0);
      expect(await savedRule()).toMatchObject({
        remindBefore: '90m',
        personalization: { mode: false, thresholds: { min: 2, max: 8 } },
      });
    });

    it('refuses a bad reminder or personalization value with exit 2, naming the flag', async () => {
      await saveRule(kept);
      for (const [flags, message] of [
        [['--remind-before', 'soon'], /^kindling: --remind-before: remindBefore must be a duration/],
        [['--remind-before', '2d'], /^kindling: --remind-before: remindBefore must be shorter/],
        [['--personal-thresholds', '5,1'], /^kindling: --personal-thresholds: personalization\.thresholds/],
        [['--personal-thresholds', '1e308,2'], /^kindling: --personal-thresholds must be MIN,MAX/],
        [['--personal-mode', 'maybe'], /^kindling: --personal-mode must be on, off/],
      ] as const) {
        const res = await d.cli(['streak', 'set', ...flags]);
        expect(res.code, flags.join(' ')).toBe(2);
        expect(res.err).toMatch(message);
      }
      expect(await savedRule()).toEqual(kept);
    });

    it.each([
      ['--remind-before', '100,000 characters', 'x'.repeat(100_000)],
      ['--remind-before', '__proto__', '__proto__'],
      ['--personal-thresholds', 'a minimum of 400 digits', `${'9'.repeat(400)},1`],
      ['--personal-thresholds', 'a maximum of 1e308', '1,1e308'],
      ['--condition', 'the metric __proto__', '__proto__:1'],
      ['--condition', 'a threshold of 400 digits', `lessons:${'9'.repeat(400)}`],
      ['--tz', '100,000 characters', 'x'.repeat(100_000)],
    ])('refuses %s with %s in a short message naming the flag, saving nothing', async (flag, _what, value) => {
      await saveRule(kept);
      const res = await d.cli(['streak', 'set', flag, value]);
      expect({ code: res.code, names: res.err.includes(flag), short: res.err.length < 2_000 }).toEqual({
        code: 2,
        names: true,
        short: true,
      });
      expect(await savedRule()).toEqual(kept);
    });

    it('shows every field of the rule', async () => {
      await saveRule({ ...kept, freezes: { initial: 2, max: 3, earn: { every: 7, amount: 1 } } });
      const shown = (await d.cli(['streak', 'show'])).out;
      expect(shown).toContain('frequency       daily');
      expect(shown).toContain('conditions      lessons >= 1 per period');
      expect(shown).toContain('mode            all');
      expect(shown).toContain('week starts     monday');
      expect(shown).toContain('day starts at   00:00');
      expect(shown).toContain('default zone    UTC');
      expect(shown).toContain('freezes         2 at start, at most 3, 1 more every 7 days');
      expect(shown).toContain('restore window  1 period(s)');
      expect(shown).toContain('remind before   4h');
      expect(shown).toContain('personalization users may choose their mode, and thresholds from 1 to 5');
      await saveRule({ ...kept, remindBefore: null, personalization: null });
      const bare = (await d.cli(['streak', 'show'])).out;
      expect(bare).toContain('remind before   never');
      expect(bare).toContain('personalization none (users may only turn the streak off)');
    });

    it('says how many streaks a change would end or shorten, and off a terminal refuses it without --yes', async () => {
      await saveRule(kept);
      const now = Date.now();
      // "ended" has one lesson today, "short" two yesterday and one today, "kept" two today
      await lessons([
        ['ended', now, 1],
        ['short', now - DAY, 2],
        ['short', now, 1],
        ['kept', now, 2],
      ]);
      const before = await lengths(['ended', 'short', 'kept']);
      const refused = await d.cli(['streak', 'set', '--condition', 'lessons:2']);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('would end 1 streak and shorten 1 (of 3 users)');
      expect(refused.err).toContain('pass --yes');
      expect(await savedRule()).toEqual(kept);
      expect(await lengths(['ended', 'short', 'kept'])).toEqual(before);

      const set = await d.cli(['streak', 'set', '--condition', 'lessons:2', '--yes', '--json']);
      expect(set.code).toBe(0);
      expect(JSON.parse(set.out).impact).toEqual({ users: 3, ended: 1, shortened: 1 });
      expect((await savedRule())?.conditions).toEqual([{ metric: 'lessons', threshold: 2 }]);
      const [ended, short, keptLength] = await lengths(['ended', 'short', 'kept']);
      expect(ended).toBe(0);
      expect(short).toBeLessThan(before[1] as number);
      expect(keptLength).toBe(before[2]);
    });

    it('asks on a terminal, and changes nothing unless the answer is yes', async () => {
      await saveRule(kept);
      await lessons([['ended', Date.now(), 1]]);
      const declined = await d.cli(['streak', 'set', '--condition', 'lessons:2'], 'n\n', true);
      expect(declined.code).toBe(1);
      expect(declined.err).toContain('would end 1 streak (of 1 user)');
      expect(declined.err).toContain('Change the rule? [y/N]');
      expect(declined.err).toContain('nothing changed');
      expect(await savedRule()).toEqual(kept);
      const accepted = await d.cli(['streak', 'set', '--condition', 'lessons:2'], 'y\n', true);
      expect(accepted.code).toBe(0);
      expect((await savedRule())?.conditions).toEqual([{ metric: 'lessons', threshold: 2 }]);
    });

    it('needs --frequency and --condition only while the account has no rule', async () => {
      await saveRule(kept);
      const backend = d.open();
      await backend.control.changeConfig(d.first.account.id, (config) => ({ ...config, streak: null }));
      await backend.close();
      expect(await d.cli(['streak', 'set', '--condition', 'lessons:1'])).toMatchObject({
        code: 2,
        err: expect.stringContaining('--frequency is required'),
      });
      expect(await d.cli(['streak', 'set', '--frequency', 'daily'])).toMatchObject({
        code: 2,
        err: expect.stringContaining('--condition is required'),
      });
      expect((await d.cli(['streak', 'set', '--frequency', 'weekly', '--condition', 'lessons:1'])).code).toBe(0);
      expect(await savedRule()).toEqual({
        frequency: 'weekly',
        weekStart: 'monday',
        dayStartsAt: '00:00',
        defaultTimeZone: 'UTC',
        mode: 'all',
        conditions: [{ metric: 'lessons', threshold: 1 }],
        freezes: null,
        restoreWindow: 1,
      });
    });
  });
});
