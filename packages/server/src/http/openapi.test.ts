import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents the event route with the schema that validates it', async () => {
    const res = await t.call('GET', '/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const post = res.body.paths['/api/metrics/{key}/event'].post;
    const body = post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['user', 'value']);
    expect(body.properties.user.properties.id).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '401', '404', '413', '429']));
    expect(res.body.paths['/v1/users/{id}/streak'].get.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'historyPeriods',
          in: 'query',
          schema: expect.objectContaining({ minimum: 1, maximum: 366 }),
        }),
      ]),
    );
    expect(Object.keys(res.body.components.securitySchemes)).toEqual(['apiKey', 'session']);
  });

  it('is served at /v1/openapi and /admin/v1/openapi too, where the hosted service serves its own, the same document', async () => {
    const json = await t.call('GET', '/openapi.json', { key: null });
    for (const path of ['/v1/openapi', '/admin/v1/openapi']) {
      const res = await t.call('GET', path, { key: null });
      expect([path, res.status, String(res.headers['content-type'])]).toEqual([
        path,
        200,
        expect.stringMatching(/^application\/json/),
      ]);
      expect(res.body).toEqual(json.body);
    }
  });

  // What the server's own layers answer on any route (a stopping server, a store down, an error it
  // logs; a key that may not act there; a Tenant-ID no tenant has), each route's document lists.
  it('lists on every route the statuses the layers around it may answer', async () => {
    const doc = (await t.call('GET', '/openapi.json', { key: null })).body;
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const declared = new Set(Object.keys(operation.responses ?? {}));
        const expected = ['500', '503'];
        const open = Array.isArray(operation.security) && operation.security.length === 0;
        if (!open) expected.push('401', '403');
        if (!open && !path.startsWith('/admin/')) expected.push('404');
        for (const status of expected)
          if (!declared.has(status)) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists 422 on the event routes, which answer a sum out of range and too many attribute sets with it', async () => {
    const doc = (await t.call('GET', '/openapi.json', { key: null })).body;
    for (const path of ['/v1/metrics/{key}/event', '/api/metrics/{key}/event'])
      expect(Object.keys(doc.paths[path].post.responses)).toContain('422');
  });

  it('does not list its own paths', async () => {
    const res = await t.call('GET', '/openapi.json', { key: null });
    expect(Object.keys(res.body.paths).filter((path) => /openapi/.test(path))).toEqual([]);
  });

  it('is rendered as a reference page at /docs', async () => {
    const res = await t.call('GET', '/docs/', { key: null });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
  });
});
