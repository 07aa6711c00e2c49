/**
 * Schema 4: a user's points states are kept packed in the state (packPoints of
 * @kindling/core/adapter), each id an award names written once per system, and read back as the
 * engine made them; an account of schema 3, whose states hold the objects, is marked 4 on open and
 * read as it is.
 */
import { createEngine } from '@kindling/core';
import { afterAll, describe, expect, it } from 'vitest';
import { accountKeys } from './keys.js';
import { SCHEMA_VERSION } from './schema.js';
import { openTargets, presentTargets } from '../test/targets.js';
import { metricTrigger, pointsSystem } from '../../core/test/points-examples.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

const AT = Date.parse('2026-03-02T09:00:00Z');
const TRIGGER = '6a0c1d8e-0000-4000-8000-000000000001';
const XP = pointsSystem([metricTrigger(10, 1, { id: TRIGGER, activatedAt: AT - 1 })]);

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisStore on ${target?.name ?? 'Redis'}: points states`, () => {
    it('keeps them packed, the trigger id once, and reads them back as the engine made them', async () => {
      const store = target!.store();
      const engine = createEngine({ store, clock: () => AT, metrics: ['lessons'], points: [XP] });
      for (let hour = 0; hour < 12; hour++)
        await engine.record({ userId: 'ann', metric: 'lessons', value: 1, at: AT + hour * 3_600_000, tz: 'UTC' });
      const keys = accountKeys(target!.prefix, store.account);
      const raw = (await target!.client().get(keys.user('ann').state)) as string;
      // the progress names the trigger, and the list of names does: not each of the 10 awards kept
      expect(raw.split(TRIGGER).length - 1).toBe(2);
      const points = (await store.load('ann'))?.points?.xp;
      expect(points?.total).toBe(120);
      expect(points?.awards).toHaveLength(10);
      expect(points?.awards[0]).toEqual({
        id: '12',
        trigger: TRIGGER,
        awarded: 10,
        at: AT + 11 * 3_600_000,
        total: 120,
      });
      expect((await engine.points('ann', 'xp'))?.total).toBe(120);
    });

    it('reads an account of schema 3 as it is, marked 4, and packs each user at their next write', async () => {
      const store = target!.store();
      const keys = accountKeys(target!.prefix, store.account);
      const engine = createEngine({ store, clock: () => AT, metrics: ['lessons'], points: [XP] });
      await engine.record({ userId: 'bob', metric: 'lessons', value: 1, at: AT, tz: 'UTC' });
      const points = (await store.load('bob'))?.points;
      await store.close();
      // the state as schema 3 wrote it: the points object keyed by system
      const redis = target!.client();
      const stateKey = keys.user('bob').state;
      const raw = (await redis.get(stateKey)) as string;
      const space = raw.indexOf(' ');
      const end = raw.indexOf('\n');
      const state = JSON.parse(raw.slice(space + 1, end < 0 ? raw.length : end));
      expect(Array.isArray(state.points)).toBe(true);
      const object = { ...state, points };
      await redis.set(stateKey, `${raw.slice(0, space)} ${JSON.stringify(object)}${end < 0 ? '' : raw.slice(end)}`);
      await redis.set(keys.schema, '3');
      const again = target!.store({ account: store.account });
      const reopened = createEngine({ store: again, clock: () => AT, metrics: ['lessons'], points: [XP] });
      expect((await again.load('bob'))?.points?.xp?.total).toBe(10);
      expect(await redis.get(keys.schema)).toBe(String(SCHEMA_VERSION));
      expect((await redis.get(stateKey))?.includes('"awards"')).toBe(true);
      await reopened.record({ userId: 'bob', metric: 'lessons', value: 1, at: AT + 3_600_000, tz: 'UTC' });
      expect((await redis.get(stateKey))?.includes('"awards"')).toBe(false);
      expect((await again.load('bob'))?.points?.xp?.total).toBe(20);
    });
  });
}
