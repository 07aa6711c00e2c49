/**
 * kill -9 mid-stream, on SQLite and on Redis: every event the server acknowledged is in the store
 * after a restart, none is counted twice, and the dashboard's counts (per metric and per day) are
 * those of the events the store committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { built, startServerProcess } from './server-process.js';
import { dropRedisPrefix } from './webhook-receiver.js';

const USERS = 20;
const dir = mkdtempSync(join(tmpdir(), 'kindling-kill-'));
const prefix = `kill-${process.pid}-${Date.now().toString(36)}`;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  // the test's keys only (its own prefix), the delivery queue's too
  dropRedisPrefix(prefix);
});

function call(
  agent: Agent,
  url: string,
  key: string,
  method: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          'x-api-key': key,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text === '' ? null : JSON.parse(text) }));
      },
    );
    // a connection the kill cut: not acknowledged
    req.on('error', () => resolve({ status: 0, json: null }));
    req.end(payload);
  });
}

const BACKENDS: Array<[string, () => { args: string[]; env: Record<string, string> }]> = [
  ['SQLite', () => ({ args: ['--data', join(dir, 'sqlite')], env: {} })],
  ['Redis', () => ({ args: ['--redis', 'redis://127.0.0.1:6379'], env: { KINDLING_REDIS_PREFIX: prefix } })],
];

describe.skipIf(!built)('kill -9 mid-stream', () => {
  it.each(BACKENDS)(
    'on %s: every acknowledged event is kept once, and the dashboard counts what was kept',
    async (_name, options) => {
      const { args, env } = options();
      const limits = { KINDLING_RATE_LIMIT: '100000', KINDLING_RATE_BURST: '100000', ...env };
      const first = await startServerProcess({ args, env: limits });
      const { applicationKey, adminKey } = first.firstStart!;
      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      const acknowledged = new Array<number>(USERS).fill(0);
      const sent = new Array<number>(USERS).fill(0);
      let killed = false;
      let total = 0;
      await Promise.all(
        Array.from({ length: 16 }, async (_, worker) => {
          for (let i = 0; !killed; i++) {
            const user = (worker + i * 16) % USERS;
            sent[user] = (sent[user] ?? 0) + 1;
            const answer = await call(agent, `${first.url}/api/metrics/lessons/event`, applicationKey, 'POST', {
              user: { id: `u${user}` },
              value: 1,
            });
            if (answer.status === 201) {
              acknowledged[user] = (acknowledged[user] ?? 0) + 1;
              if (++total === 1500) {
                killed = true;
                first.child.kill('SIGKILL');
              }
            }
          }
        }),
      );
      await first.exited;
      agent.destroy();

      const second = await startServerProcess({ args, env: limits });
      try {
        const again = new Agent({ keepAlive: true });
        let stored = 0;
        for (let user = 0; user < USERS; user++) {
          const read = await call(again, `${second.url}/v1/users/u${user}`, applicationKey, 'GET');
          const kept =
            read.status === 404 ? 0 : (read.json.totals?.lessons ?? read.json.metrics?.lessons ?? Number.NaN);
          // every acknowledged event is there, and no event more than was sent
          expect(kept).toBeGreaterThanOrEqual(acknowledged[user] as number);
          expect(kept).toBeLessThanOrEqual(sent[user] as number);
          stored += kept;
        }
        const metrics = (await call(again, `${second.url}/admin/v1/metrics`, adminKey, 'GET')).json as Array<{
          key: string;
          total: number;
          events: number;
        }>;
        const lessons = metrics.find((m) => m.key === 'lessons');
        expect({ total: lessons?.total, events: lessons?.events }).toEqual({ total: stored, events: stored });
        const daily = (await call(again, `${second.url}/admin/v1/analytics/streaks?days=2`, adminKey, 'GET')).json
          .daily as Array<{ events: number }>;
        expect(daily.reduce((sum, d) => sum + d.events, 0)).toBe(stored);
        again.destroy();
      } finally {
        await second.stop();
      }
    },
  );
});
