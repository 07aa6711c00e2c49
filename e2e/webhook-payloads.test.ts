/**
 * Webhook bodies against the hosted service's published Node SDK: each type it has is read by the
 * SDK's own serializer for that payload, strictly (no key it does not know), once Kindling's two
 * keys of its own, `id` and `timestamp`, are set aside. The user, streak and achievement in them are
 * what a real server answers. The SDK has no serializer for `points.level_changed`, and an older one
 * for `points.changed`: their bodies are held to the OpenAPI document's keys.
 */
import serializers from '@trophyso/node/serialization/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';
import { webhookPayload, webhookStreak, type WebhookFact } from '../packages/server/src/webhooks/webhook-payload.js';
import { type BoostMessage, sendBoostTransitions } from '../packages/server/src/webhooks/boost-webhooks.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
  await t.call('POST', '/admin/v1/achievements', {
    key: t.adminKey,
    body: [{ name: 'First lesson', key: 'first', trigger: 'metric', metric: 'lessons', threshold: 1 }],
  });
  const lessons = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body.find(
    (m: { key: string }) => m.key === 'lessons',
  );
  await t.call('POST', '/admin/v1/points', {
    key: t.adminKey,
    body: [
      {
        name: 'XP',
        key: 'xp',
        levels: [{ name: 'Bronze', key: 'bronze', points: 10 }],
        triggers: [{ type: 'metric', points: 10, metricId: lessons.id, metricThreshold: 1, status: 'active' }],
      },
    ],
  });
});
afterAll(() => t.close());

/** Parses `payload` with the SDK's serializer, strictly, after taking off Kindling's own keys. */
async function readBySdk(name: string, payload: Record<string, unknown>, unrecognizedObjectKeys = 'fail') {
  const { id, timestamp, ...rest } = payload;
  if (rest.achievement !== undefined) {
    const { eventAttributes: _newer, ...achievement } = rest.achievement as Record<string, unknown>;
    rest.achievement = achievement;
  }
  expect(id).toBe('evt_1');
  expect(timestamp).toBe('2026-03-02T09:00:00.000Z');
  const schema = (serializers as unknown as Record<string, { parse: (raw: unknown, o: object) => unknown }>)[name];
  return schema?.parse(rest, { unrecognizedObjectKeys, allowUnrecognizedEnumValues: false });
}

describe('webhook bodies', () => {
  it('are read by the SDK serializer of each type the hosted service has', async () => {
    const event = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', tz: 'UTC' }, value: 1 },
    });
    expect(event.status).toBe(201);
    const user = (await t.call('GET', '/v1/users/ada')).body;
    // the user's achievement without the list's statistics (completions, rarity), as the engine completed it
    const { completions: _c, rarity: _r, ...achievement } = (await t.call('GET', '/v1/users/ada/achievements')).body[0];
    expect(achievement.key).toBe('first');
    const streak = webhookStreak(event.body.currentStreak);
    const facts: Array<[string, WebhookFact]> = [
      ['WebhooksStreakStartedPayload', { type: 'streak.started', streak }],
      ['WebhooksStreakExtendedPayload', { type: 'streak.extended', streak }],
      ['WebhooksStreakLostPayload', { type: 'streak.lost', length: 12 }],
      ['WebhooksStreakFreezeConsumedPayload', { type: 'streak.freeze_consumed', consumed: 1, freezes: 0 }],
      ['WebhooksStreakFreezeEarnedPayload', { type: 'streak.freeze_earned', earned: 1, freezes: 2 }],
      ['WebhooksAchievementCompletedPayload', { type: 'achievement.completed', achievement }],
    ];
    for (const [name, fact] of facts) {
      const payload = webhookPayload('evt_1', Date.parse('2026-03-02T09:00:00Z'), user, fact);
      // what is sent is JSON: read it as a receiver would
      const parsed = await readBySdk(name, JSON.parse(JSON.stringify(payload)));
      expect(parsed, `${name}: ${JSON.stringify(parsed)}`).toMatchObject({ ok: true });
    }
  });
});

describe('points webhook bodies', () => {
  it('points.changed carries every key of MetricEventPointsResponse, level only when the event changed it', async () => {
    const event = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'grace', tz: 'UTC' }, value: 1 },
    });
    const points = event.body.points.xp;
    expect(Object.keys(points).sort()).toEqual(
      ['added', 'awards', 'badgeUrl', 'description', 'id', 'key', 'level', 'maxPoints', 'name', 'total'].sort(),
    );
    expect(Object.keys(points.awards[0]).sort()).toEqual(
      ['awarded', 'boosts', 'date', 'id', 'total', 'trigger'].sort(),
    );
    // the SDK's serializer of this body is older than the OpenAPI document (no `added`, `level`, or
    // the trigger's newer keys): it reads every key it requires, the newer ones passed through
    const user = (await t.call('GET', '/v1/users/grace')).body;
    const payload = webhookPayload('evt_1', Date.parse('2026-03-02T09:00:00Z'), user, {
      type: 'points.changed',
      points,
    });
    const parsed = await readBySdk('WebhooksPointsChangedPayload', JSON.parse(JSON.stringify(payload)), 'passthrough');
    expect(parsed, JSON.stringify(parsed)).toMatchObject({ ok: true, value: { points: { total: 10, added: 10 } } });
  });

  it('points.level_changed carries the user, the system with its total, and the levels either side', async () => {
    const user = (await t.call('GET', '/v1/users/ada')).body;
    const level = (await t.call('GET', '/v1/points/xp/levels')).body[0];
    const system = (await t.call('GET', '/v1/users/ada/points/xp')).body;
    const { level: _level, awards: _awards, ...base } = system;
    const payload = webhookPayload('evt_1', Date.parse('2026-03-02T09:00:00Z'), user, {
      type: 'points.level_changed',
      points: base,
      previousLevel: null,
      newLevel: level,
    });
    const body = JSON.parse(JSON.stringify(payload));
    expect(Object.keys(body).sort()).toEqual([
      'id',
      'newLevel',
      'points',
      'previousLevel',
      'timestamp',
      'type',
      'user',
    ]);
    expect(Object.keys(body.points).sort()).toEqual(
      ['badgeUrl', 'description', 'id', 'key', 'maxPoints', 'name', 'total'].sort(),
    );
    expect(Object.keys(body.newLevel).sort()).toEqual(['badgeUrl', 'description', 'id', 'key', 'name', 'points']);
    // the user is the hosted service's User, as in every other type
    const parsed = await (
      serializers as unknown as Record<string, { parse: (raw: unknown, o: object) => Promise<unknown> }>
    ).User?.parse(body.user, { unrecognizedObjectKeys: 'fail' });
    expect(parsed).toMatchObject({ ok: true });
  });
});

describe('points boost webhook bodies', () => {
  it('carry the timestamp and every key of the PointsBoostWebhookPayload, no user', async () => {
    const system = (await t.call('GET', '/admin/v1/points', { key: t.adminKey })).body.find(
      (p: { key: string }) => p.key === 'xp',
    );
    await t.call('POST', `/admin/v1/points/${system.id}/boosts`, {
      key: t.adminKey,
      body: [{ name: 'Spring', start: '2026-02-01', end: '2026-02-02', multiplier: 1.5 }],
    });
    const control = t.server.ctx.backend.control;
    const [account] = await control.accounts();
    const sent: BoostMessage[] = [];
    await sendBoostTransitions(
      control.kv,
      account?.id as string,
      await control.config(account?.id as string),
      Date.parse('2026-03-02T10:00:00Z'),
      async (messages) => {
        sent.push(...messages);
      },
      // no user's own boost here: no user's zone is asked
      async () => {
        throw new Error('a global boost asks for no user');
      },
    );
    expect(sent.map((m) => m.type)).toEqual(['points.boost_started', 'points.boost_finished']);
    for (const message of sent) {
      const body = JSON.parse(message.body);
      expect(Object.keys(body).sort()).toEqual(['boost', 'id', 'timestamp', 'type']);
      expect(Object.keys(body.boost).sort()).toEqual([
        'end',
        'id',
        'multiplier',
        'name',
        'pointsSystemId',
        'pointsSystemKey',
        'pointsSystemName',
        'rounding',
        'start',
        'status',
        'userId',
      ]);
    }
  });
});
