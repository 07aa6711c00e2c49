/**
 * Tests' server: a real server on a new SQLite folder (or a Redis key prefix), reached with
 * app.inject or over a real port, with the first start's keys at hand. Not part of the package's API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveryAttempt, DeliveryOutcome, DeliveryQueue, NewDelivery } from '@kindling/core/adapter';
import { parseSettings } from '../src/settings.js';
import { startServer, type RunningServer } from '../src/server.js';

export interface TestServer {
  server: RunningServer;
  adminKey: string;
  appKey: string;
  dir: string;
  /** app.inject with the application key (unless headers say otherwise), JSON body parsed */
  call(
    method: string,
    url: string,
    options?: { body?: unknown; headers?: Record<string, string>; key?: string | null },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The settings of a tests' server with its data in `dir`: silent, on loopback, no dashboard, no background work. */
export function testSettings(dir: string, env: Record<string, string> = {}) {
  return parseSettings({
    KINDLING_DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard'),
    // Tests move their clocks: a sweep between two steps would settle what the next step checks. A test of the sweeper turns it on.
    KINDLING_SWEEP_MS: '0',
    // and a relay would send what a test means to watch it send; a test of delivery turns it on or relays itself
    KINDLING_WEBHOOK_RELAY_MS: '0',
    ...env,
  });
}

export async function startTestServer(
  options: { env?: Record<string, string>; clock?: () => number; listen?: boolean } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-server-'));
  const settings = testSettings(dir, options.env);
  const server = await startServer(settings, {
    ...(options.clock ? { clock: options.clock } : {}),
    listen: options.listen ?? false,
  });
  const first = server.firstStart;
  if (first === null) throw new Error('a new test server should have made its first account');
  const adminKey = first.adminKey.key;
  const appKey = first.applicationKey.key;
  return {
    server,
    adminKey,
    appKey,
    dir,
    async call(method, url, opts = {}) {
      const key = opts.key === undefined ? appKey : opts.key;
      const headers: Record<string, string> = { ...(key !== null ? { 'x-api-key': key } : {}), ...opts.headers };
      const response = await server.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(opts.body !== undefined
          ? {
              payload: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
              headers: { 'content-type': 'application/json', ...headers },
            }
          : {}),
      });
      let body: unknown = response.body;
      try {
        body = JSON.parse(response.body);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.statusCode, body, headers: response.headers };
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Puts a delivery in `queue` with one attempt behind it, as the relay leaves one: for tests of the delivery log. */
export async function plantAttempt(
  queue: DeliveryQueue,
  delivery: NewDelivery,
  attempt: DeliveryAttempt,
  outcome: DeliveryOutcome,
): Promise<void> {
  await queue.enqueue([delivery]);
  const [claimed] = await queue.claim(delivery.createdAt, 10, 60_000);
  if (claimed === undefined || !(await queue.finish(claimed, attempt, outcome)))
    throw new Error(`the delivery ${delivery.id} could not be claimed and finished`);
}
