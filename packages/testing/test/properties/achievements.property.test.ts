/**
 * Achievements (S22): composites, statuses and backdating, over random achievement sets and
 * timelines. Expected values come from the user's totals and streaks as stored (an oracle written
 * here), not from the engine's completion code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore, type AchievementInput, type AchievementStatus, type Store } from '@kindling/core';
import type { UserState } from '@kindling/core/adapter';
import { ruleArb, timelineArb, type TimelineEvent } from '../../src/index.js';
import { METRICS, RUNS } from './property-support.js';

const STATUSES: readonly AchievementStatus[] = ['active', 'inactive', 'locked'];
const statusArb = fc.constantFrom(...STATUSES);

/**
 * Two metric, one streak and two API achievements, and three composites, each over a non-empty set
 * of the achievements before it (so composites of composites, never a cycle), listed in a shuffled
 * order with a status each.
 */
const achievementSetArb: fc.Arbitrary<AchievementInput[]> = fc
  .record({
    thresholds: fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })),
    metrics: fc.tuple(fc.constantFrom(...METRICS), fc.constantFrom(...METRICS)),
    length: fc.integer({ min: 1, max: 4 }),
    picks: fc.tuple(
      fc.uniqueArray(fc.nat(4), { minLength: 1, maxLength: 3 }),
      fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }),
      fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 4 }),
    ),
    statuses: fc.array(statusArb, { minLength: 8, maxLength: 8 }),
  })
  .chain(({ thresholds, metrics, length, picks, statuses }) => {
    const plain: AchievementInput[] = [
      { key: 'm0', name: 'm0', trigger: 'metric', metric: metrics[0], threshold: thresholds[0] },
      { key: 'm1', name: 'm1', trigger: 'metric', metric: metrics[1], threshold: thresholds[1] },
      { key: 's0', name: 's0', trigger: 'streak', length },
      { key: 'a0', name: 'a0', trigger: 'api' },
      { key: 'a1', name: 'a1', trigger: 'api' },
    ];
    const all = [...plain];
    for (const [i, pick] of picks.entries()) {
      const prerequisites = pick.map((n) => (all[n] as AchievementInput).key);
      all.push({ key: `c${i}`, name: `c${i}`, trigger: 'achievement', prerequisites });
    }
    const withStatus = all.map((a, i) => ({ ...a, status: statuses[i] as AchievementStatus }));
    return fc.shuffledSubarray(withStatus, { minLength: withStatus.length, maxLength: withStatus.length });
  });

/** A user's events, and now and then a call completing an API achievement after one of them. */
const writesArb = fc.tuple(
  timelineArb({ metrics: METRICS, maxEvents: 15 }),
  fc.array(fc.option(fc.constantFrom('a0', 'a1'), { nil: undefined, freq: 2 }), { minLength: 15, maxLength: 15 }),
);

const byKey = (list: readonly AchievementInput[]) => new Map(list.map((a) => [a.key, a]));

/** Runs `user`'s events and calls; a call of an achievement that is not active must be refused. */
async function play(
  engine: ReturnType<typeof createEngine>,
  userId: string,
  [timeline, calls]: [TimelineEvent[], (string | undefined)[]],
  list: readonly AchievementInput[],
  after?: (at: number) => Promise<void>,
): Promise<void> {
  const keyed = byKey(list);
  for (const [i, event] of timeline.entries()) {
    await engine.record({ userId, ...event });
    await after?.(event.at);
    const call = calls[i];
    if (call === undefined) continue;
    const status = keyed.get(call)?.status ?? 'active';
    const held = (await engine.store.load(userId))?.achievements[call] !== undefined;
    if (status === 'active' || held) await engine.completeAchievement(userId, call, { at: event.at });
    else await expect(engine.completeAchievement(userId, call, { at: event.at })).rejects.toThrow(status);
    await after?.(event.at);
  }
}

/** The oracle: which achievements `user`, as stored, qualifies for when all of `list` are active (composites by fixpoint). */
function qualifying(user: UserState, list: readonly AchievementInput[]): Set<string> {
  const held = new Set(Object.keys(user.achievements));
  const due = (a: AchievementInput): boolean => {
    if (a.trigger === 'metric') return (user.totals[a.metric] ?? 0) >= a.threshold;
    if (a.trigger === 'streak') return (user.streaks.default?.length ?? 0) >= a.length;
    return false;
  };
  for (const a of list) if (due(a)) held.add(a.key);
  for (let more = true; more; ) {
    more = false;
    for (const a of list)
      if (a.trigger === 'achievement' && !held.has(a.key) && a.prerequisites.every((key) => held.has(key))) {
        held.add(a.key);
        more = true;
      }
  }
  return held;
}

async function completions(store: Store): Promise<Record<string, number>> {
  const report = await store.activity('2000-01-01', '2100-01-01');
  return Object.fromEntries(report.achievements.map((a) => [a.achievement, a.completions]));
}

describe('achievement properties', () => {
  it('S22: an active composite is held exactly when all its prerequisites are, from the instant of the last one; an inactive or locked achievement is never completed', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArb({ metrics: [...METRICS] }), achievementSetArb, writesArb, async (rule, list, writes) => {
        const engine = createEngine({
          store: memoryStore(),
          streaks: [rule],
          metrics: [...METRICS],
          achievements: list,
          clock: () => 0,
        });
        const check = async () => {
          const user = await engine.store.load('u');
          if (user === null) return;
          for (const a of list) {
            const at = user.achievements[a.key];
            if (a.status !== 'active') {
              expect(at, `${a.key} is ${a.status}`).toBeUndefined();
              continue;
            }
            if (a.trigger !== 'achievement') continue;
            const prerequisites = a.prerequisites.map((key) => user.achievements[key]);
            if (prerequisites.every((p) => p !== undefined)) expect(at).toBe(Math.max(...(prerequisites as number[])));
            else expect(at).toBeUndefined();
          }
        };
        await play(engine, 'u', writes, list, check);
        await engine.rebuild('u', { at: Date.UTC(2030, 0, 1) });
        await check();
      }),
      { numRuns: RUNS },
    );
  });

  it('S22/S20: after activation a rebuild of all completes exactly the qualifying users, at its instant, silently, and the counts follow', async () => {
    const REBUILT_AT = Date.UTC(2030, 0, 1);
    await fc.assert(
      fc.asyncProperty(
        ruleArb({ metrics: [...METRICS] }),
        achievementSetArb,
        fc.array(writesArb, { minLength: 1, maxLength: 3 }),
        async (rule, list, users) => {
          const store = memoryStore();
          const options = { store, streaks: [rule], metrics: [...METRICS], outbox: true };
          const before = createEngine({ ...options, achievements: list, clock: () => 0 });
          for (const [i, writes] of users.entries()) await play(before, `u${i}`, writes, list);
          const stored = new Map<string, UserState>();
          for (const i of users.keys()) stored.set(`u${i}`, structuredClone((await store.load(`u${i}`)) as UserState));
          await store.removeOutbox((await store.readOutbox(1000)).map((record) => record.position));

          const active = list.map((a) => ({ ...a, status: 'active' as const }));
          const after = createEngine({ ...options, achievements: active, clock: () => REBUILT_AT });
          expect(await after.rebuildAll()).toEqual({ users: users.length });

          const holders: Record<string, number> = {};
          for (const [userId, was] of stored) {
            const now = (await store.load(userId)) as UserState;
            const expected = qualifying(was, active);
            expect(new Set(Object.keys(now.achievements))).toEqual(expected);
            for (const key of expected) {
              // what was held keeps its instant; what the rebuild completed has the rebuild's
              expect(now.achievements[key]).toBe(was.achievements[key] ?? REBUILT_AT);
              holders[key] = (holders[key] ?? 0) + 1;
            }
            // the streaks and totals are what the events made (S20): the rebuild changed only achievements
            expect({ ...now, achievements: {}, version: 0, rulesFingerprint: '', streakRules: '' }).toEqual({
              ...was,
              achievements: {},
              version: 0,
              rulesFingerprint: '',
              streakRules: '',
            });
          }
          // no news of a backdated completion; every completion counted once
          expect(await store.readOutbox(1000)).toEqual([]);
          expect(await completions(store)).toEqual(holders);
        },
      ),
      { numRuns: Math.max(1, Math.floor(RUNS / 4)) },
    );
  });
});
