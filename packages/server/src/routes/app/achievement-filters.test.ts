import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
  await t.call('POST', '/admin/v1/attributes', {
    key: t.adminKey,
    body: [{ name: 'Plan', key: 'plan', type: 'user' }],
  });
  const made = await t.call('POST', '/admin/v1/achievements', {
    key: t.adminKey,
    body: [
      {
        name: 'Pro: two lessons',
        key: 'pro-two',
        trigger: 'metric',
        metric: 'lessons',
        threshold: 2,
        userAttributes: [{ key: 'plan', value: 'pro' }],
      },
      { name: 'Anyone: two lessons', key: 'two', trigger: 'metric', metric: 'lessons', threshold: 2 },
      { name: 'Undeclared', key: 'bad', trigger: 'api', userAttributes: [{ key: 'colour', value: 'red' }] },
    ],
  });
  expect(made.body.created.map((a: { key: string }) => a.key)).toEqual(['pro-two', 'two']);
  expect(made.body.issues).toEqual([
    { index: 2, severity: 'error', message: 'userAttributes: "colour" is not a declared user attribute' },
  ]);
});
afterEach(() => t.close());

describe('achievements filtered by user attributes', () => {
  it('complete only for users whose attributes match, and for one who gains the attribute later', async () => {
    const pro = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'pro', attributes: { plan: 'pro' } }, value: 2 },
    });
    expect(pro.body.achievements.map((a: { key: string }) => a.key).sort()).toEqual(['pro-two', 'two']);
    const free = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'free', attributes: { plan: 'free' } }, value: 2 },
    });
    expect(free.body.achievements.map((a: { key: string }) => a.key)).toEqual(['two']);
    await t.call('PATCH', '/v1/users/free', { body: { attributes: { plan: 'pro' } } });
    const held = await t.call('GET', '/v1/users/free/achievements');
    expect(held.body.map((a: { key: string }) => a.key).sort()).toEqual(['pro-two', 'two']);
  });

  it('are listed with their filters, and ?userAttributes keeps those a user with these attributes may complete', async () => {
    const all = await t.call('GET', '/v1/achievements');
    const proTwo = all.body.find((a: { key?: string; name: string }) => a.name === 'Pro: two lessons');
    expect(proTwo.userAttributes).toEqual([{ key: 'plan', value: 'pro' }]);
    const names = async (q: string) =>
      (await t.call('GET', `/v1/achievements?userAttributes=${q}`)).body.map((a: { name: string }) => a.name);
    expect(await names('plan:pro')).toEqual(['Pro: two lessons', 'Anyone: two lessons']);
    expect(await names('plan:free')).toEqual(['Anyone: two lessons']);
    expect(await names('plan:pro,team:a')).toEqual(['Pro: two lessons', 'Anyone: two lessons']);
    expect((await t.call('GET', '/v1/achievements?userAttributes=plan')).body.code).toBe('INVALID_INPUT');
  });
});
