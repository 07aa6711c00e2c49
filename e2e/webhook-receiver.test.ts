/**
 * The webhook receiver of the docs (examples/webhook-receiver.mjs), run as written against a real
 * server on the real clock: it takes a genuine delivery, handles a delivery sent again once, and
 * refuses one whose body was changed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';

const example = fileURLToPath(new URL('../examples/webhook-receiver.mjs', import.meta.url));

let t: TestServer;
let receiver: ChildProcess;
const lines: string[] = [];
let url = '';
let secret = '';
let endpoint = '';

beforeAll(async () => {
  t = await startTestServer({ env: { KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' } });
  // the endpoint's secret is known once it is made; the receiver's address once it listens: make it with a stand-in URL first
  const made = await t.call('POST', '/admin/v1/webhooks', {
    key: t.adminKey,
    body: { url: 'http://127.0.0.1:9/', types: ['streak.started'] },
  });
  expect(made.status).toBe(201);
  secret = made.body.secret;
  endpoint = made.body.id;
  receiver = spawn(process.execPath, [example], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } });
  receiver.stdout?.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').trim().split('\n')));
  await vi.waitFor(() => expect(lines.some((l) => l.startsWith('listening on'))).toBe(true), { timeout: 10_000 });
  url = (lines.find((l) => l.startsWith('listening on')) as string).slice('listening on '.length);
  const changed = await t.call('PATCH', `/admin/v1/webhooks/${endpoint}`, { key: t.adminKey, body: { url } });
  expect(changed.status).toBe(200);
});
afterAll(async () => {
  receiver?.kill();
  await t?.close();
});

describe('the example webhook receiver', () => {
  it('takes a delivery it verified, and a delivery sent again only once', async () => {
    expect(
      (await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } })).status,
    ).toBe(201);
    await t.server.ctx.relay.relayOnce();
    await vi.waitFor(() => expect(lines.filter((l) => l.startsWith('streak.started ada '))).toHaveLength(1));
    const log = (await t.call('GET', `/admin/v1/webhooks/${endpoint}/deliveries`, { key: t.adminKey })).body;
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1, lastAttempt: { status: 204 } });
    const id = log.deliveries[0].id as string;
    expect(lines).toContain(`streak.started ada ${log.deliveries[0].payload.timestamp} ${id}`);

    const again = await t.call('POST', `/admin/v1/webhooks/${endpoint}/deliveries/${id}/retry`, { key: t.adminKey });
    expect(again.status).toBe(202);
    await t.server.ctx.relay.relayOnce();
    const after = (await t.call('GET', `/admin/v1/webhooks/${endpoint}/deliveries`, { key: t.adminKey })).body;
    expect(after.deliveries[0]).toMatchObject({ id, status: 'delivered', attempts: 2 });
    expect(lines.filter((l) => l.includes(id))).toHaveLength(1);
  });

  it('refuses a delivery whose body was changed on the way', async () => {
    const log = (await t.call('GET', `/admin/v1/webhooks/${endpoint}/deliveries`, { key: t.adminKey })).body;
    const delivery = log.deliveries[0];
    const { signDelivery } = await import('../packages/server/src/webhooks/signature.js');
    const body = JSON.stringify(delivery.payload);
    const headers = signDelivery({ id: delivery.id, timestamp: Date.now(), body, secret });
    const forged = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: body.replace('"ada"', '"eve"'),
    });
    expect(forged.status).toBe(401);
    await vi.waitFor(() => expect(lines).toContain('refused: bad X-Trophy-Signature'));
  });
});
