/**
 * A healthy endpoint's deliveries while another account's endpoint hangs with a backlog: the real
 * relay running on its interval, real HTTP receivers on loopback, the real clock. Each of the
 * healthy endpoint's deliveries must arrive within the relay interval and a second of its event's
 * answer, however many the hung one has waiting.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

const RELAY_MS = 1_000;
const TIMEOUT_MS = 2_000;
const BACKLOG = 100;
const EVENTS = 12;

const servers: Server[] = [];
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

it("delivers to a healthy endpoint within the relay interval and a second while another account's endpoint hangs with a backlog", async () => {
  t = await startTestServer({
    env: {
      KINDLING_WEBHOOK_ALLOW_PRIVATE: '1',
      KINDLING_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      KINDLING_WEBHOOK_RELAY_MS: String(RELAY_MS),
    },
  });
  const server = t;
  // the hung endpoint: reads each delivery, never answers
  const hung = await listen(createServer(() => {}));
  const hungMade = await server.call('POST', '/admin/v1/webhooks', {
    key: server.adminKey,
    body: { url: hung, types: ['streak.started'] },
  });
  expect(hungMade.status).toBe(201);
  // the healthy endpoint, of another account: when each user's delivery arrived
  const arrived = new Map<string, number>();
  const healthy = await listen(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { user: { id: string } };
        arrived.set(body.user.id, Date.now());
        res.writeHead(200).end('thanks');
      });
    }),
  );
  const other = await server.call('POST', '/admin/v1/accounts', { key: server.adminKey, body: { name: 'other' } });
  expect(other.status).toBe(201);
  const metric = await server.call('POST', '/admin/v1/metrics', {
    key: other.body.adminKey,
    body: [{ name: 'Lessons', key: 'lessons' }],
  });
  expect(metric.status).toBeLessThan(300);
  const rule = await server.call('PUT', '/admin/v1/streak', {
    key: other.body.adminKey,
    body: { frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] },
  });
  expect(rule.status).toBe(200);
  const made = await server.call('POST', '/admin/v1/webhooks', {
    key: other.body.adminKey,
    body: { url: healthy, types: ['streak.started'] },
  });
  expect(made.status).toBe(201);
  // the backlog of the hung endpoint
  for (let i = 0; i < BACKLOG; i++) {
    const res = await server.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: `waiting-${i}`, tz: 'UTC' }, value: 1 },
    });
    expect(res.status).toBe(201);
  }
  // the relay has taken the backlog on: its attempts hang
  await new Promise((resolve) => setTimeout(resolve, RELAY_MS + 500));
  const answered = new Map<string, number>();
  for (let i = 0; i < EVENTS; i++) {
    const res = await server.call('POST', '/v1/metrics/lessons/event', {
      key: other.body.applicationKey,
      body: { user: { id: `healthy-${i}`, tz: 'UTC' }, value: 1 },
    });
    expect(res.status).toBe(201);
    answered.set(`healthy-${i}`, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await expect.poll(() => arrived.size, { timeout: RELAY_MS + 2_000, interval: 50 }).toBe(EVENTS);
  const delays = [...answered].map(([user, at]) => (arrived.get(user) as number) - at);
  expect(Math.max(...delays)).toBeLessThan(RELAY_MS + 1_000);
}, 30_000);
