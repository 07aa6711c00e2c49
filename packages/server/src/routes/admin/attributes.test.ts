import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

const admin = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

describe('/admin/v1/attributes', () => {
  it('declares attributes, each key unique within its type, and says why each refused item was refused', async () => {
    const made = await admin('POST', '/admin/v1/attributes', [
      { name: 'Plan', key: 'plan', type: 'user' },
      { name: 'Plan of the event', key: 'plan', type: 'event' },
      { name: 'Again', key: 'plan', type: 'user' },
      { name: 'Bad', key: 'has space', type: 'user' },
      { name: 'Reserved', key: 'constructor', type: 'user' },
      { name: '  ', key: 'blank', type: 'event' },
    ]);
    expect(made.status).toBe(201);
    expect(made.body.created.map((a: { key: string; type: string }) => `${a.type}:${a.key}`)).toEqual([
      'user:plan',
      'event:plan',
    ]);
    expect(made.body.issues).toEqual([
      { index: 2, severity: 'error', message: 'Key already in use by another attribute of this type' },
      { index: 3, severity: 'error', message: expect.stringMatching(/letters, digits/) },
      { index: 4, severity: 'error', message: expect.stringMatching(/reserved/) },
      { index: 5, severity: 'error', message: 'Name must not be blank' },
    ]);
    const none = await admin('POST', '/admin/v1/attributes', [{ name: 'Again', key: 'plan', type: 'user' }]);
    expect(none.status).toBe(200);
  });

  it('lists with limit and skip, reads one by id, renames, and removes', async () => {
    const made = await admin(
      'POST',
      '/admin/v1/attributes',
      ['a', 'b', 'c'].map((key) => ({ name: key.toUpperCase(), key, type: 'user' })),
    );
    const [a, b] = made.body.created as Array<{ id: string }>;
    expect((await admin('GET', '/admin/v1/attributes?limit=2&skip=1')).body.map((x: { key: string }) => x.key)).toEqual(
      ['b', 'c'],
    );
    expect((await admin('GET', `/admin/v1/attributes/${a!.id}`)).body).toEqual({
      id: a!.id,
      name: 'A',
      key: 'a',
      type: 'user',
    });
    expect(await admin('GET', '/admin/v1/attributes/nope')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const renamed = await admin('PATCH', '/admin/v1/attributes', [
      { id: a!.id, name: 'Alpha' },
      { id: 'nope', name: 'X' },
    ]);
    expect(renamed.body).toEqual({
      updated: [{ id: a!.id, name: 'Alpha', key: 'a', type: 'user' }],
      issues: [{ id: 'nope', severity: 'error', message: 'Attribute not found by ID' }],
    });
    const removed = await admin('DELETE', `/admin/v1/attributes?ids=${b!.id},nope`);
    expect(removed.body).toEqual({
      deleted: [{ id: b!.id }],
      issues: [{ id: 'nope', severity: 'error', message: 'id must be a valid UUID' }],
    });
    expect((await admin('GET', '/admin/v1/attributes')).body.map((x: { key: string }) => x.key)).toEqual(['a', 'c']);
    // a removed attribute may no longer be set
    const refused = await t.call('POST', '/v1/users', { body: { id: 'u', attributes: { b: '1' } } });
    expect(refused).toMatchObject({ status: 400, body: { code: 'INVALID_ATTRIBUTES' } });
    expect((await t.call('POST', '/v1/users', { body: { id: 'u', attributes: { a: '1', c: '2' } } })).status).toBe(201);
  });

  it('keeps an attribute that an achievement filters by, saying which, until the filter is gone', async () => {
    const made = await admin('POST', '/admin/v1/attributes', [
      { name: 'Plan', key: 'plan', type: 'user' },
      { name: 'Device', key: 'device', type: 'event' },
      { name: 'Plan of the event', key: 'plan', type: 'event' },
    ]);
    const [plan, device, eventPlan] = made.body.created.map((a: { id: string }) => a.id);
    const achievements = await admin('POST', '/admin/v1/achievements', [
      {
        name: 'Pro on iOS',
        key: 'pro-ios',
        trigger: 'metric',
        metric: 'lessons',
        threshold: 1,
        userAttributes: [{ key: 'plan', value: 'pro' }],
        eventAttributes: [{ key: 'device', value: 'ios' }],
      },
    ]);
    expect(achievements.body.issues).toEqual([]);
    const refused = await admin('DELETE', `/admin/v1/attributes?ids=${plan},${device},${eventPlan}`);
    expect(refused.body.deleted).toEqual([{ id: eventPlan }]);
    expect(refused.body.issues).toEqual([
      {
        id: plan,
        severity: 'error',
        message: 'Attribute "plan" filters the achievement "pro-ios"; remove the filter first',
      },
      {
        id: device,
        severity: 'error',
        message: 'Attribute "device" filters the achievement "pro-ios"; remove the filter first',
      },
    ]);
    const id = achievements.body.created[0].id;
    await admin('PATCH', '/admin/v1/achievements', [{ id, userAttributes: [], eventAttributes: [] }]);
    const removed = await admin('DELETE', `/admin/v1/attributes?ids=${plan},${device}`);
    expect(removed.body.deleted).toEqual([{ id: plan }, { id: device }]);
  });

  it("keeps each account's attributes to that account", async () => {
    await admin('POST', '/admin/v1/attributes', [{ name: 'Plan', key: 'plan', type: 'user' }]);
    const other = await admin('POST', '/admin/v1/accounts', { name: 'acme' });
    const [mine] = (await admin('GET', '/admin/v1/attributes')).body as Array<{ id: string }>;
    const theirs = (method: string, url: string, body?: unknown) =>
      t.call(method, url, { key: other.body.adminKey, ...(body !== undefined ? { body } : {}) });
    expect((await theirs('GET', '/admin/v1/attributes')).body).toEqual([]);
    expect((await theirs('GET', `/admin/v1/attributes/${mine!.id}`)).status).toBe(404);
    expect((await theirs('PATCH', '/admin/v1/attributes', [{ id: mine!.id, name: 'Mine now' }])).body.updated).toEqual(
      [],
    );
    expect((await theirs('DELETE', `/admin/v1/attributes?ids=${mine!.id}`)).body.deleted).toEqual([]);
    const refused = await t.call('POST', '/v1/users', {
      key: other.body.applicationKey,
      body: { id: 'u', attributes: { plan: 'pro' } },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'INVALID_ATTRIBUTES' } });
    expect((await admin('GET', `/admin/v1/attributes/${mine!.id}`)).body.name).toBe('Plan');
  });

  it('refuses an application key, a bad type, a bad limit and an empty id list', async () => {
    expect((await t.call('GET', '/admin/v1/attributes', { key: t.appKey })).body.code).toBe('ADMIN_KEY_REQUIRED');
    expect((await admin('POST', '/admin/v1/attributes', [{ name: 'X', key: 'x', type: 'device' }])).status).toBe(422);
    expect((await admin('GET', '/admin/v1/attributes?limit=1e308')).status).toBe(422);
    expect((await admin('GET', '/admin/v1/attributes?limit=0')).status).toBe(422);
    expect((await admin('DELETE', '/admin/v1/attributes?ids=')).status).toBe(422);
  });
});
