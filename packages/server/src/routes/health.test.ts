import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(() => t.close());

describe('health', () => {
  it('answers /healthz and /readyz without a key while the store answers', async () => {
    expect(await t.call('GET', '/healthz', { key: null })).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.call('GET', '/readyz', { key: null })).toMatchObject({ status: 200, body: { status: 'ready', store: 'sqlite' } });
  });

  it('answers /readyz with 503 NOT_READY while the server is stopping', async () => {
    t.server.ctx.ready = false;
    const res = await t.call('GET', '/readyz', { key: null });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('NOT_READY');
    expect((await t.call('GET', '/healthz', { key: null })).status).toBe(200);
  });
});
