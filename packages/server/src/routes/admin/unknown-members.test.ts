import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterAll(() => t.close());

const admin = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

describe('admin request bodies', () => {
  it('refuse a member they do not know, rather than drop it: a key asked for one user is not made for all', async () => {
    const res = await admin('POST', '/admin/v1/keys', { name: 'for ada', kind: 'application', userId: 'ada' });
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(res.body.error).toMatch(/userId/);
    const keys = (await admin('GET', '/admin/v1/keys')).body as Array<{ name: string }>;
    expect(keys.map((key) => key.name)).not.toContain('for ada');
  });

  it('refuse a member a change cannot make: an attribute keeps its type', async () => {
    const made = await admin('POST', '/admin/v1/attributes', [{ name: 'Plan', key: 'plan', type: 'user' }]);
    const id = made.body.created[0].id;
    const res = await admin('PATCH', '/admin/v1/attributes', [{ id, name: 'Plan', type: 'event' }]);
    // the hosted service's routes answer invalid input as 422 (docs/http-api.md)
    expect([res.status, res.body.code]).toEqual([422, 'INVALID_INPUT']);
    expect((await admin('GET', `/admin/v1/attributes/${id}`)).body.type).toBe('user');
  });

  it('refuse a webhook secret chosen by the caller: the server makes every secret', async () => {
    const res = await admin('POST', '/admin/v1/webhooks', {
      url: 'https://example.com/hook',
      types: ['streak.started'],
      secret: 'whsec_mine',
    });
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_INPUT']);
  });
});

describe('a webhook made off', () => {
  it('is made off when the body says enabled: false, and receives nothing until turned on', async () => {
    const res = await admin('POST', '/admin/v1/webhooks', {
      url: 'https://example.com/off',
      types: ['streak.started'],
      enabled: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.enabled).toBe(false);
    const listed = (await admin('GET', '/admin/v1/webhooks')).body as Array<{ url: string; enabled: boolean }>;
    expect(listed.find((hook) => hook.url === 'https://example.com/off')?.enabled).toBe(false);
  });
});
