import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterAll(() => t.close());

const admin = (method: string, url: string, body?: unknown) =>
  t.call(method, url, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** Where in `schema` an object takes members it does not name without saying what they may be. */
function openObjects(schema: Schema | undefined, path: string): string[] {
  if (schema === undefined) return [];
  const open: string[] = [];
  const isObject = schema.type === 'object' || schema.properties !== undefined;
  if (isObject && schema.additionalProperties === undefined) open.push(path);
  for (const [name, member] of Object.entries(schema.properties ?? {}))
    open.push(...openObjects(member, `${path}.${name}`));
  open.push(...openObjects(schema.items, `${path}[]`));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    open.push(...openObjects(part, path));
  if (typeof schema.additionalProperties === 'object')
    open.push(...openObjects(schema.additionalProperties, `${path}{}`));
  return open;
}

describe('admin request bodies', () => {
  it('declare every member they take: no admin body has an object that takes unnamed members', async () => {
    const doc = (await t.call('GET', '/openapi.json', { key: null })).body;
    const open: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      if (!path.startsWith('/admin/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        open.push(...openObjects(body, `${method.toUpperCase()} ${path} body`));
      }
    }
    expect(open).toEqual([]);
  });

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
