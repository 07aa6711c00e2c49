import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
  const created = await t.call('POST', '/admin/v1/achievements', {
    key: t.adminKey,
    body: [
      { name: 'Finished onboarding', key: 'onboarded', trigger: 'api' },
      { name: 'First lesson', key: 'first', trigger: 'metric', metric: 'lessons', threshold: 1 },
    ],
  });
  expect(created.status).toBe(201);
});
afterEach(() => t.close());

const complete = (key: string, id = 'ada') =>
  t.call('POST', `/v1/achievements/${key}/complete`, { body: { user: { id } } });

describe('POST /v1/achievements/:key/complete', () => {
  it('completes an API achievement once: 201 with the completion, the same instant when called again', async () => {
    const first = await complete('onboarded');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      points: {},
      achievement: { key: 'onboarded', trigger: 'api', name: 'Finished onboarding', userAttributes: [] },
    });
    expect(first.body.completionId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await complete('onboarded');
    expect(again.body.achievement.achievedAt).toBe(first.body.achievement.achievedAt);
    // the same completion, answered again: its id too, so a client that counts completions by id counts one
    expect(again.body.completionId).toBe(first.body.completionId);
    const mine = await t.call('GET', '/v1/users/ada/achievements');
    expect(mine.body.map((a: { key: string }) => a.key)).toEqual(['onboarded']);
    const all = await t.call('GET', '/v1/achievements');
    expect(all.body.find((a: { key: string }) => a.key === 'onboarded')).toMatchObject({ completions: 1, rarity: 100 });
    const other = await complete('onboarded', 'grace');
    expect(other.body.completionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.body.completionId).not.toBe(first.body.completionId);
  });

  it('refuses an achievement that completes by its own trigger (422) and an unknown one (404)', async () => {
    expect(await complete('first')).toMatchObject({ status: 422, body: { code: 'ACHIEVEMENT_NOT_API' } });
    expect(await complete('nope')).toMatchObject({ status: 404, body: { code: 'UNKNOWN_ACHIEVEMENT' } });
  });

  it('lists the incomplete ones too when asked', async () => {
    await complete('onboarded');
    const res = await t.call('GET', '/v1/users/ada/achievements?includeIncomplete=true');
    expect(res.body.map((a: { key: string; achievedAt: string | null }) => [a.key, a.achievedAt === null])).toEqual([
      ['onboarded', false],
      ['first', true],
    ]);
  });

  // the hosted service's reference: "true" lists the incomplete ones too, anything else does not
  it.each(['false', 'yes', '1', 'TRUE', ''])(
    'lists the completed ones only for includeIncomplete=%j',
    async (value) => {
      await complete('onboarded');
      const res = await t.call('GET', `/v1/users/ada/achievements?includeIncomplete=${value}`);
      expect(res.status).toBe(200);
      expect(res.body.map((a: { key: string }) => a.key)).toEqual(['onboarded']);
    },
  );
});
