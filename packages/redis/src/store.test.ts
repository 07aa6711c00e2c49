/**
 * Every Store method at the level of the interface, on a single Redis and on a Redis Cluster:
 * round trips, reopening, idempotency, replaceHistory, rollup merging, the journal, users, accounts.
 */
import { StoreError, type RecordResult } from '@kindling/core';
import type { UserState, UserWrite } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import { afterAll, describe, expect, it } from 'vitest';
import { openTargets, presentTargets } from '../test/targets.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

/** The next state of `user` (or a new one), with the version one above. */
function next(userId: string, user: UserState | null, change: (user: UserState) => void = () => {}): UserState {
  const state = user ?? newUser(userId, 1_000);
  state.version += 1;
  change(state);
  return state;
}

function write(user: UserState, rest: Partial<UserWrite> = {}): UserWrite {
  return { user, history: [], rollups: [], index: [], ...rest };
}

const response = (eventId: string) => ({ eventId, replayed: false, total: 1 }) as unknown as RecordResult;

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisStore on ${target?.name ?? 'Redis'}: store level`, () => {
    it('commits a write and a new store on the same account finds exactly that (reopening)', async () => {
      const store = target!.store();
      const result = await store.update('ann', ({ user, replay, journal }) => {
        expect({ user, replay, journal }).toEqual({ user: null, replay: null, journal: null });
        const state = next('ann', user, (u) => (u.totals.lessons = 0.1 + 0.2));
        return {
          result: 'done',
          write: write(state, {
            history: [
              { streak: 'default', period: 20_000, length: 1, heldBy: 'met' },
              { streak: 'weekly', period: 2_800, length: 3, heldBy: 'freeze' },
            ],
            rollups: [{ metric: 'lessons', dayStart: 0, day: 20_000, value: 0.1, lastAt: 5, version: 1 }],
            zoneChange: { at: 5, from: null, to: 'Asia/Tokyo', days: { '0': 20_000 }, version: 1 },
            action: { kind: 'grant', at: 6, streak: 'default', day: 20_000, version: 1, count: 2 },
          }),
        };
      });
      expect(result).toBe('done');
      const again = target!.store({ account: store.account });
      expect(await again.load('ann')).toEqual({ ...newUser('ann', 1_000), version: 1, totals: { lessons: 0.1 + 0.2 } });
      expect(await again.history('ann', 'default', 19_999, 20_001)).toEqual([
        { streak: 'default', period: 20_000, length: 1, heldBy: 'met' },
      ]);
      expect(await again.history('ann', 'weekly', -1e7, 1e7)).toEqual([
        { streak: 'weekly', period: 2_800, length: 3, heldBy: 'freeze' },
      ]);
      expect(await again.history('ann', 'default', 20_001, 20_005)).toEqual([]);
      expect(await again.journal('ann')).toEqual({
        rollups: [{ metric: 'lessons', dayStart: 0, day: 20_000, value: 0.1, lastAt: 5, version: 1 }],
        zoneChanges: [{ at: 5, from: null, to: 'Asia/Tokyo', days: { '0': 20_000 }, version: 1 }],
        actions: [{ kind: 'grant', at: 6, streak: 'default', day: 20_000, version: 1, count: 2 }],
      });
      expect(await again.load('bob')).toBeNull();
      expect(await again.journal('bob')).toEqual({ rollups: [], zoneChanges: [], actions: [] });
    });

    it('hands the step the stored response for its idempotency key, and only for that key (S18)', async () => {
      const store = target!.store();
      const asked = { idempotency: { metric: 'lessons', key: 'k:1}', notBefore: 0 } };
      await store.update(
        'ann',
        ({ replay }) => {
          expect(replay).toBeNull();
          return {
            result: null,
            write: write(next('ann', null), {
              idempotency: { ...asked.idempotency, response: response('e1'), recordedAt: 10 },
            }),
          };
        },
        asked,
      );
      const seen = await store.update('ann', ({ replay }) => ({ result: replay }), asked);
      expect(seen).toEqual(response('e1'));
      // A second write of the same key keeps the first response.
      await store.update('ann', ({ user }) => ({
        result: null,
        write: write(next('ann', user), {
          idempotency: { ...asked.idempotency, response: response('e2'), recordedAt: 20 },
        }),
      }));
      expect(await store.update('ann', ({ replay }) => ({ result: replay }), asked)).toEqual(response('e1'));
      expect(
        await store.update('ann', ({ replay }) => ({ result: replay }), {
          idempotency: { metric: 'minutes', key: 'k:1}', notBefore: 0 },
        }),
      ).toBeNull();
      expect(
        await store.update('ann', ({ replay }) => ({ result: replay }), {
          idempotency: { metric: 'lessons', key: 'k:2', notBefore: 0 },
        }),
      ).toBeNull();
    });

    it('merges rollups: values added, lastAt the latest, version the first', async () => {
      const store = target!.store();
      const rollup = { metric: 'lessons', dayStart: 240, day: 20_000 };
      let user: UserState | null = null;
      for (const [value, lastAt] of [
        [0.1, 50],
        [0.2, 20],
        [-0.05, 10],
      ] as const) {
        user = await store.update('ann', ({ user: stored }) => {
          const state = next('ann', stored);
          return {
            result: state,
            write: write(state, { rollups: [{ ...rollup, value, lastAt, version: state.version }] }),
          };
        });
      }
      expect(user?.version).toBe(3);
      expect((await store.journal('ann')).rollups).toEqual([
        { ...rollup, value: 0.1 + 0.2 - 0.05, lastAt: 50, version: 1 },
      ]);
    });

    it('replaces history: new entries overwrite by (streak, period); replaceHistory deletes the rest first', async () => {
      const store = target!.store();
      await store.update('ann', () => ({
        result: null,
        write: write(next('ann', null), {
          history: [1, 2, 3].map((period) => ({ streak: 'default', period, length: period, heldBy: 'met' as const })),
        }),
      }));
      await store.update('ann', ({ user }) => ({
        result: null,
        write: write(next('ann', user), { history: [{ streak: 'default', period: 2, length: 9, heldBy: 'pause' }] }),
      }));
      const sorted = async () => (await store.history('ann', 'default', 0, 10)).sort((a, b) => a.period - b.period);
      expect((await sorted()).map((entry) => [entry.period, entry.length, entry.heldBy])).toEqual([
        [1, 1, 'met'],
        [2, 9, 'pause'],
        [3, 3, 'met'],
      ]);
      await store.update('ann', ({ user }) => ({
        result: null,
        write: write(next('ann', user), {
          replaceHistory: true,
          history: [{ streak: 'default', period: 5, length: 1, heldBy: 'restore' }],
        }),
      }));
      expect(await sorted()).toEqual([{ streak: 'default', period: 5, length: 1, heldBy: 'restore' }]);
    });

    it('writes nothing when the step throws or returns no write, and refuses a write that is not the next version', async () => {
      const store = target!.store();
      await store.update('ann', () => ({ result: null, write: write(next('ann', null)) }));
      await expect(
        store.update('ann', () => {
          throw new Error('step failed');
        }),
      ).rejects.toThrow('step failed');
      expect(await store.update('ann', ({ user }) => ({ result: user?.version }))).toBe(1);
      await expect(store.update('ann', ({ user }) => ({ result: null, write: write(user!) }))).rejects.toThrow(
        StoreError,
      );
      await expect(
        store.update('ann', ({ user }) => ({ result: null, write: write({ ...next('ann', user), id: 'bob' }) })),
      ).rejects.toThrow(/wrote the state of user "bob"/);
      expect((await store.load('ann'))?.version).toBe(1);
    });

    it('retries a conflicting update, and gives up with a StoreError after maxAttempts', async () => {
      const store = target!.store();
      await store.update('ann', () => ({ result: null, write: write(next('ann', null)) }));
      // Twenty stores (twenty connections, as twenty processes would have) bump at once: every bump lands.
      const others = Array.from({ length: 20 }, () => target!.store({ account: store.account }));
      const bump = (s: typeof store) =>
        s.update('ann', ({ user }) => ({
          result: null,
          write: write(next('ann', user, (u) => (u.totals.n = (u.totals.n ?? 0) + 1))),
        }));
      await Promise.all(others.map(bump));
      expect((await store.load('ann'))?.totals.n).toBe(20);
      // Twenty impatient stores at once: those that read a version another commits first give up.
      // (On a loaded machine they may happen to run one after another: up to three tries to see a conflict.)
      const impatient = Array.from({ length: 20 }, () => target!.store({ account: store.account, maxAttempts: 1 }));
      let version = 21;
      let conflicts = 0;
      for (let round = 0; round < 3 && conflicts === 0; round++) {
        const outcomes = await Promise.allSettled(
          impatient.map((s) => s.update('ann', ({ user }) => ({ result: null, write: write(next('ann', user)) }))),
        );
        const failures = outcomes
          .filter((outcome) => outcome.status === 'rejected')
          .map((outcome) => (outcome as PromiseRejectedResult).reason as Error);
        expect(
          failures.every((error) => error instanceof StoreError && /gave up after 1 attempts/.test(error.message)),
        ).toBe(true);
        version += 20 - failures.length;
        conflicts = failures.length;
        expect((await store.load('ann'))?.version).toBe(version);
      }
      expect(conflicts).toBeGreaterThanOrEqual(1);
    });

    it('runs one store’s updates of a user in the order asked, without conflicts', async () => {
      const store = target!.store({ maxAttempts: 1 });
      await store.update('bea', () => ({ result: null, write: write(next('bea', null)) }));
      const seen: number[] = [];
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.update('bea', ({ user }) => {
            seen.push(i);
            return { result: null, write: write(next('bea', user)) };
          }),
        ),
      );
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect((await store.load('bea'))?.version).toBe(21);
    });

    it('hands the step the journal when asked, and the step owns its state', async () => {
      const store = target!.store();
      await store.update('ann', () => ({
        result: null,
        write: write(next('ann', null), {
          rollups: [{ metric: 'm', dayStart: 0, day: 7, value: 2, lastAt: 1, version: 1 }],
          action: { kind: 'restore', at: 1, streak: 'default', day: 7, version: 1 },
        }),
      }));
      const journal = await store.update(
        'ann',
        ({ user, journal }) => {
          user!.totals.m = 99;
          return { result: journal };
        },
        { journal: true },
      );
      expect(journal).toEqual(await store.journal('ann'));
      expect(journal?.actions).toHaveLength(1);
      expect((await store.load('ann'))?.totals).toEqual({});
    });

    it('lists users in UTF-16 order page by page and counts them; ids with tag characters stay apart', async () => {
      const store = target!.store();
      const ids = ['b', 'a}', 'a', '{a}', 'a:b', 'é', '\u{1F600}', '\uFF5E', 'a%007d', '\uD800'];
      for (const id of ids) await store.update(id, () => ({ result: null, write: write(next(id, null)) }));
      const sorted = [...ids].sort();
      expect(await store.users(null, 4)).toEqual(sorted.slice(0, 4));
      expect(await store.users(sorted[3]!, 100)).toEqual(sorted.slice(4));
      expect(await store.users('\uFFFF', 10)).toEqual([]);
      expect(await store.users(null, 0)).toEqual([]);
      expect(await store.countUsers()).toBe(ids.length);
      for (const id of ids) expect((await store.load(id))?.id).toBe(id);
    });

    it('keeps accounts apart, even with names that look like key syntax', async () => {
      const one = target!.store({ account: 'acme:x' });
      const two = target!.store({ account: 'acme' });
      await one.update('x:ann', () => ({ result: null, write: write(next('x:ann', null)) }));
      const line = { streak: 'default', length: 2, longest: 2, deadAt: 100, expiresAt: 50 };
      await two.update('x:ann', () => ({
        result: null,
        write: write(
          next('x:ann', null, (u) => (u.email = 'two')),
          { index: [line] },
        ),
      }));
      expect((await one.load('x:ann'))?.email).toBeNull();
      expect((await two.load('x:ann'))?.email).toBe('two');
      expect(await one.countUsers()).toBe(1);
      expect(await target!.store().countUsers()).toBe(0);
      expect(await target!.store().load('x:ann')).toBeNull();
      expect((await two.stats('default', 0, 5)).active).toBe(1);
      expect((await one.stats('default', 0, 5)).active).toBe(0);
      expect(await one.expiring('default', 0, 1000, 5)).toEqual([]);
    });

    it('closes its connections once; a closed store answers with a StoreError', async () => {
      const store = target!.store();
      await store.update('ann', () => ({ result: null, write: write(next('ann', null)) }));
      await store.close();
      await store.close();
      await expect(store.load('ann')).rejects.toThrow(StoreError);
    });
  });
}
