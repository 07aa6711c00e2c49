/**
 * kill -9 during a rule rebuild: the next server to start on the same data goes on with it, the
 * progress it shows ends at every user, and the analytics are those of the new rule.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { built, sleep, startServerProcess } from './server-process.js';

// Enough users that the rebuild outlasts its first progress write (every second, with the lease):
// the engine rebuilds about 12,000 users a second here, and 12,000 let it finish unobserved.
const USERS = 40_000;
const dir = mkdtempSync(join(tmpdir(), 'kindling-rebuild-fault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function call(
  agent: Agent,
  url: string,
  key: string,
  method: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
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
    req.on('error', reject);
    req.end(payload);
  });
}

describe.skipIf(!built)('a rebuild cut by kill -9', () => {
  it('is taken up by the next start, ends at every user, and the analytics follow the new rule', async () => {
    const args = ['--data', join(dir, 'data')];
    const env = { KINDLING_SQLITE_SYNC: 'normal', KINDLING_RATE_LIMIT: '100000', KINDLING_RATE_BURST: '100000' };
    const first = await startServerProcess({ args, env });
    const { applicationKey, adminKey } = first.firstStart!;
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < USERS) {
          const user = next++;
          const answer = await call(agent, `${first.url}/api/metrics/lessons/event`, applicationKey, 'POST', {
            user: { id: `user-${user}` },
            value: 1,
          });
          expect(answer.status).toBe(201);
        }
      }),
    );
    expect((await call(agent, `${first.url}/admin/v1/analytics/streaks`, adminKey, 'GET')).json.activeStreaks).toBe(
      USERS,
    );

    // A threshold nobody met: under the new rule no streak is active.
    const put = await call(agent, `${first.url}/admin/v1/streak`, adminKey, 'PUT', {
      frequency: 'daily',
      conditions: [{ metric: 'lessons', threshold: 5 }],
    });
    expect(put.status).toBe(200);
    let progress = put.json.rebuild;
    while (progress.status === 'running' && progress.done === 0) {
      await sleep(5);
      progress = (await call(agent, `${first.url}/admin/v1/streak/rebuild`, adminKey, 'GET')).json;
    }
    await first.kill();
    agent.destroy();
    expect(progress.status).toBe('running'); // killed in the middle
    console.log(`[rebuild] killed at ${progress.done}/${progress.total}`);

    const second = await startServerProcess({ args, env });
    try {
      const again = new Agent({ keepAlive: true });
      const deadline = Date.now() + 60_000;
      let seen = (await call(again, `${second.url}/admin/v1/streak/rebuild`, adminKey, 'GET')).json;
      while (seen.status === 'running' && Date.now() < deadline) {
        await sleep(200);
        seen = (await call(again, `${second.url}/admin/v1/streak/rebuild`, adminKey, 'GET')).json;
      }
      expect({ status: seen.status, done: seen.done, total: seen.total }).toEqual({
        status: 'done',
        done: USERS,
        total: USERS,
      });
      expect((await call(again, `${second.url}/admin/v1/analytics/streaks`, adminKey, 'GET')).json.activeStreaks).toBe(
        0,
      );
      again.destroy();
    } finally {
      await second.stop();
    }
  });
});
