import { describe, expect, it } from 'vitest';
import {
  createEngine,
  memoryStore,
  StoreError,
  type Engine,
  type RecordResult,
  type Store,
  type StreakRuleInput,
  parseRules,
} from '@kindling/core';
import type { UpdateOptions, UserState } from '@kindling/core/adapter';
import { parseAchievements } from '@kindling/core/internal';
import { fingerprintModel, stampOf } from './fingerprint.js';

const METRICS = ['lessons', 'minutes'];
const DAY = 86_400_000;
const START = Date.parse('2025-01-01T00:00:00Z');

const daily: StreakRuleInput = {
  key: 'default',
  frequency: 'daily',
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1, max: 3, earn: { every: 30, amount: 1 } },
};
const weekly: StreakRuleInput = {
  key: 'default',
  frequency: 'weekly',
  weekStart: 'sunday',
  conditions: [{ metric: 'lessons', threshold: 4 }],
  freezes: { initial: 0, max: 2, earn: { every: 28, amount: 1 } },
};
const harder: StreakRuleInput = { ...daily, conditions: [{ metric: 'lessons', threshold: 2 }] };

const engineOn = (store: Store, rule: StreakRuleInput, newId?: () => string) =>
  createEngine({ store, streaks: [rule], metrics: METRICS, clock: () => 0, ...(newId ? { newId } : {}) });

/** A year of one user's events: most days one or two lessons, some days none, a move from Paris to New York in the summer. */
function aYearOfEvents(userId = 'u') {
  const events = [];
  for (let i = 0; i < 365; i++) {
    if (i % 7 === 3 || i % 11 === 0 || (i >= 200 && i < 215)) continue;
    events.push({
      userId,
      metric: 'lessons',
      value: i % 3 === 0 ? 2 : 1,
      at: START + i * DAY + (8 + (i % 12)) * 3_600_000,
      tz: i < 180 ? 'Europe/Paris' : 'America/New_York',
    });
    if (i % 5 === 0) events.push({ userId, metric: 'minutes', value: 20, at: START + i * DAY + 21 * 3_600_000 });
  }
  return events;
}

/** What the store keeps of a user (its version aside: a rebuild is one more write) and every held period. */
async function kept(engine: Engine, userId = 'u') {
  const user = await engine.store.load(userId);
  const history = (await engine.store.history(userId, 'default', -1e7, 1e7)).sort((a, b) => a.period - b.period);
  return { user: user === null ? null : { ...user, version: 0 }, history };
}

/** A response as compared: its event id is derived from the user's version. */
const answer = ({ eventId: _, ...rest }: RecordResult) => rest;

/**
 * Engines over one store with the old rule, and over a fresh store with the new rule (the
 * reference), fed the same year. Ids are fixed: by default they derive from the user's version.
 */
async function changeRule(from: StreakRuleInput, to: StreakRuleInput) {
  const shared = memoryStore();
  const newId = () => 'the-id';
  const old = engineOn(shared, from, newId);
  const reference = engineOn(memoryStore(), to, newId);
  for (const event of aYearOfEvents()) {
    await old.record(event);
    await reference.record(event);
  }
  return { old, changed: engineOn(shared, to, newId), reference };
}

const NEXT = Date.parse('2026-01-09T15:00:00Z');

describe('a user kept under other rules is rebuilt before use (S20)', () => {
  for (const [name, to] of [
    ['a weekly rule', weekly],
    ['a higher threshold', harder],
  ] as const) {
    it(`after a change from a daily rule to ${name}, streak() and the next record() answer what an engine given every event under the new rule answers, without a rebuild`, async () => {
      const { old, changed, reference } = await changeRule(daily, to);
      expect((await old.store.load('u'))!.rulesFingerprint).not.toBe(changed.rulesFingerprint);
      expect(await old.streak('u', { at: NEXT, historyPeriods: 20 })).not.toEqual(
        await reference.streak('u', { at: NEXT, historyPeriods: 20 }),
      );

      expect(await changed.streak('u', { at: NEXT, historyPeriods: 60 })).toEqual(
        await reference.streak('u', { at: NEXT, historyPeriods: 60 }),
      );
      const event = { userId: 'u', metric: 'lessons', value: 2, at: NEXT, tz: 'America/New_York' };
      expect(answer(await changed.record(event))).toEqual(answer(await reference.record(event)));
      expect(await kept(changed)).toEqual(await kept(reference));
      expect((await changed.store.load('u'))!.rulesFingerprint).toBe(changed.rulesFingerprint);
    });
  }

  it('shows, in user(), the achievement a new streak achievement completes for a user kept under the old rules', async () => {
    const shared = memoryStore();
    const before = createEngine({ store: shared, streaks: [daily], metrics: METRICS, clock: () => 0 });
    for (let i = 0; i < 5; i++)
      await before.record({ userId: 'u', metric: 'lessons', value: 1, at: START + i * DAY + 9 * 3_600_000 });
    const after = createEngine({
      store: shared,
      streaks: [daily],
      achievements: [{ key: 'five-days', name: 'Five days', trigger: 'streak', streak: 'default', length: 5 }],
      metrics: METRICS,
      clock: () => START + 4 * DAY + 12 * 3_600_000,
    });
    expect((await after.user('u'))?.achievements.map((a) => a.key)).toEqual(['five-days']);
    expect((await shared.load('u'))!.rulesFingerprint).toBe(after.rulesFingerprint);
  });

  it('grants freezes to and pauses a user kept under the old rule as an engine given every event under the new rule does', async () => {
    const { changed, reference } = await changeRule(daily, weekly);
    expect(await changed.grantFreezes('u', 1, { at: NEXT })).toEqual(
      await reference.grantFreezes('u', 1, { at: NEXT }),
    );
    expect(await kept(changed)).toEqual(await kept(reference));

    const again = await changeRule(daily, weekly);
    const pause = { start: '2026-01-18', end: '2026-01-31', at: NEXT };
    expect(await again.changed.pause('u', pause)).toEqual(await again.reference.pause('u', pause));
    expect(await kept(again.changed)).toEqual(await kept(again.reference));
    const later = Date.parse('2026-02-10T12:00:00Z');
    expect(await again.changed.streak('u', { at: later, historyPeriods: 10 })).toEqual(
      await again.reference.streak('u', { at: later, historyPeriods: 10 }),
    );
  });

  it('restores a streak the new rule lost, as an engine given every event under the new rule does', async () => {
    const { changed, reference } = await changeRule(daily, { ...weekly, freezes: undefined });
    // The week of 2025-12-28 falls short of four lessons: the weekly streak is lost, and restorable the week after.
    const at = Date.parse('2026-01-05T12:00:00Z');
    const restored = await changed.restore('u', { at });
    expect(restored).toMatchObject({ restored: true });
    expect(restored).toEqual(await reference.restore('u', { at }));
    expect(await kept(changed)).toEqual(await kept(reference));
  });

  it('loads the journal only for the first use of a user after a rule change, never while the rules stay the same', async () => {
    const inner = memoryStore();
    let journalLoads = 0;
    const counting: Store = {
      ...inner,
      update: (userId, step, options?: UpdateOptions) => {
        if (options?.journal) journalLoads += 1;
        return inner.update(userId, step, options);
      },
    };
    const events = aYearOfEvents().slice(0, 60);
    const first = engineOn(counting, daily);
    for (const event of events.slice(0, 30)) await first.record(event);
    await first.streak('u', { at: NEXT });
    await first.grantFreezes('u', 1, { at: events[29]!.at });
    expect(journalLoads).toBe(0);

    const second = engineOn(counting, weekly);
    for (const event of events.slice(30)) await second.record(event);
    await second.streak('u', { at: NEXT });
    expect(journalLoads).toBe(1);
  });

  it('ends, when an engine with the old rule and one with the new rule write in turn, in the state a rebuild under the last writer’s rule gives', async () => {
    const shared = memoryStore();
    const writers = [engineOn(shared, daily), engineOn(shared, weekly)];
    const references = [engineOn(memoryStore(), daily), engineOn(memoryStore(), weekly)];
    const events = aYearOfEvents().slice(0, 80);
    for (const [i, event] of events.entries()) {
      // A week of events by one engine, then a week by the other.
      const turn = Math.floor(i / 7) % 2;
      const expected = await references[turn]!.record(event);
      await references[1 - turn]!.record(event);
      expect(answer(await writers[turn]!.record(event))).toEqual(answer(expected));
      expect(await kept(writers[turn]!)).toEqual(await kept(references[turn]!));
    }
  });

  it('gives up with a StoreError when another process rewrites the user under other rules every time', async () => {
    const inner = memoryStore();
    await engineOn(inner, daily).record({ userId: 'u', metric: 'lessons', value: 1, at: START });
    // Every read shows a state made under other rules, as if another process rewrote it each time.
    const forgetful: Store = {
      ...inner,
      update: (userId, step, options) =>
        inner.update(
          userId,
          (snapshot) => step({ ...snapshot, user: snapshot.user && { ...snapshot.user, rulesFingerprint: 'other' } }),
          options,
        ),
    };
    await expect(
      engineOn(forgetful, weekly).record({ userId: 'u', metric: 'lessons', value: 1, at: START + DAY }),
    ).rejects.toThrow(StoreError);
  });
});

describe('a state stamped with two digests, as the versions between wrote it', () => {
  it('is current under the same rules: read and recorded on without a rebuild or a write of its own', async () => {
    const store = memoryStore();
    const engine = engineOn(store, daily);
    const at = START + 10 * DAY;
    await engine.record({ userId: 'old', metric: 'lessons', value: 1, at: START });
    await engine.record({ userId: 'old', metric: 'lessons', value: 1, at: START + DAY });
    const parsed = parseRules([daily]);
    const { halves } = stampOf({ rules: parsed, achievements: parseAchievements([], parsed) });
    // the stored state as those versions stamped it
    await store.update('old', ({ user }) => {
      const { streakRules: _, ...rest } = user as UserState;
      const stamped = { ...rest, version: (user as UserState).version + 1, rulesFingerprint: halves };
      return { result: null, write: { user: stamped, history: [], rollups: [], index: [] } };
    });
    const version = await store.version('old');
    expect((await engine.streak('old', { at: START + DAY })).length).toBe(2);
    expect(await store.version('old')).toBe(version);
    await engine.record({ userId: 'old', metric: 'lessons', value: 1, at: START + 2 * DAY });
    expect(await store.version('old')).toBe(version + 1);
    expect((await store.load('old'))?.rulesFingerprint).toBe(engine.rulesFingerprint);
    expect((await engine.streak('old', { at })).longest).toBe(3);
  });
});

describe('a rolling upgrade from a version whose stamp was one digest (S20)', () => {
  const withAchievement = (store: Store) =>
    createEngine({
      store,
      streaks: [daily],
      metrics: METRICS,
      achievements: [{ key: 'ten', name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 }],
      clock: () => 0,
    });
  const oneDigestOf = (achievements: Parameters<typeof parseAchievements>[0]) => {
    const parsed = parseRules([daily]);
    return fingerprintModel({ rules: parsed, achievements: parseAchievements(achievements, parsed) });
  };

  it('stamps each state with the one digest a process of that version compares, so it takes the state as current', async () => {
    const store = memoryStore();
    const engine = engineOn(store, daily);
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: START });
    // a process of the earlier version, with the same rules, takes a state as its own only when
    // its stamp is exactly its one digest: anything else it rebuilds and rewrites
    expect((await store.load('u'))?.rulesFingerprint).toBe(oneDigestOf([]));
    expect(engine.rulesFingerprint).toBe(oneDigestOf([]));
  });

  it('keeps the streaks of a state this version stamped when only the achievements changed, a day lowered by a negative value included (S6)', async () => {
    const store = memoryStore();
    const before = engineOn(store, daily);
    await before.record({ userId: 'u', metric: 'lessons', value: 1, at: START });
    await before.record({ userId: 'u', metric: 'lessons', value: 1, at: START + DAY });
    await before.record({ userId: 'u', metric: 'lessons', value: -1, at: START + DAY + 1000 });
    expect((await before.streak('u', { at: START + DAY })).length).toBe(2);
    // a rebuild from the journal would judge the second day by its sum, 0, and end the streak at 1
    expect((await withAchievement(store).streak('u', { at: START + DAY })).length).toBe(2);
  });

  it("rebuilds a state another process rewrote under other rules, though it kept this version's note of the halves", async () => {
    const store = memoryStore();
    const engine = engineOn(store, daily);
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: START });
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: START + DAY });
    // an earlier version's process under a harder rule rewrote the state: its own stamp, the rest
    // of the state (the note of the halves included) as it was
    await store.update('u', ({ user }) => {
      const rewritten = { ...(user as UserState), version: (user as UserState).version + 1 };
      rewritten.rulesFingerprint = fingerprintModel({
        rules: parseRules([harder]),
        achievements: parseAchievements([], parseRules([harder])),
      });
      for (const key in rewritten.streaks)
        rewritten.streaks[key] = { ...rewritten.streaks[key]!, length: 0, longest: 0 };
      return { result: null, write: { user: rewritten, history: [], rollups: [], index: [] } };
    });
    // an engine with this version's rules and an added achievement must not keep those streaks
    expect((await withAchievement(store).streak('u', { at: START + DAY })).length).toBe(2);
  });
});
