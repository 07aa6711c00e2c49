/**
 * Two server processes on one Redis prefix, both sweeping every 50 ms and both relaying: every user
 * whose streak runs out is settled exactly once. The processes run on the real clock, and the event
 * API takes no time, so the users' streaks are made to have run out already: `kindling import`
 * (a third process, while both servers sweep) records each user's one lesson 5 to 7 days ago. With
 * the first start's rule (daily, one freeze) a user whose only lesson was on day D uses the freeze
 * as day D+2 begins (it held D+1) and loses the streak as D+3 begins.
 *
 * Counted three ways: the dashboard's analytics (per day, freezes used and losses), the delivery
 * log, and an endpoint subscribed to `streak.lost` and `streak.freeze_consumed`, which must get one
 * id of each per user, dated at those midnights, each sent once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, built, type ServerProcess, sleep, startServerProcess } from './server-process.js';
import { ask, deliveryLog, dropRedisPrefix, type Received, startReceiver, until } from './webhook-receiver.js';

const USERS = 500;
const DAY = 86_400_000;
const REDIS = 'redis://127.0.0.1:6379';

const dir = mkdtempSync(join(tmpdir(), 'kindling-two-sweepers-'));
const prefix = `two-sweepers-${process.pid}-${Date.now().toString(36)}`;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  dropRedisPrefix(prefix);
});

const ENV = {
  KINDLING_REDIS_PREFIX: prefix,
  KINDLING_SWEEP_MS: '50',
  KINDLING_CACHE_MS: '0',
  KINDLING_WEBHOOK_ALLOW_PRIVATE: '1',
  KINDLING_WEBHOOK_RELAY_MS: '100',
};
const ARGS = ['--redis', REDIS];

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `kindling import FILE --json` against the test's prefix; its summary. */
function importFile(file: string): Promise<{ recorded: number; rejected: number; reasons: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'import', file, '--redis', REDIS, '--json'], {
      env: { ...process.env, KINDLING_REDIS_PREFIX: prefix, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`import exited with ${code}:\n${stdout}\n${stderr}`)),
    );
  });
}

interface Day {
  date: string;
  lost: number;
  freezesUsed: number;
}

async function analytics(server: ServerProcess, adminKey: string): Promise<Day[]> {
  const answer = await ask(`${server.url}/admin/v1/analytics/streaks?days=30`, { key: adminKey });
  if (answer.status !== 200) throw new Error(`analytics answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json.daily as Day[];
}

const sum = (days: readonly Day[], field: 'lost' | 'freezesUsed') => days.reduce((n, d) => n + d[field], 0);
/** the days with a count of `field`, as date → count */
const byDay = (days: readonly Day[], field: 'lost' | 'freezesUsed') =>
  Object.fromEntries(days.filter((d) => d[field] > 0).map((d) => [d.date, d[field]]));
const countBy = (keys: readonly string[]) => {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
};

describe.skipIf(!built)('two sweepers on one Redis', () => {
  it(`settles each of ${USERS} users whose streak ran out once, by either process: one freeze used and one loss each, none missed, none twice`, async () => {
    const receiver = await startReceiver();
    // the first start, sweeping and relaying nothing: the account, its rule and the endpoint
    const setup = await startServerProcess({
      args: ARGS,
      env: { ...ENV, KINDLING_SWEEP_MS: '0', KINDLING_WEBHOOK_RELAY_MS: '0' },
    });
    const { adminKey } = setup.firstStart!;
    const created = await ask(`${setup.url}/admin/v1/webhooks`, {
      key: adminKey,
      method: 'POST',
      body: { url: receiver.url, types: ['streak.lost', 'streak.freeze_consumed'] },
    });
    expect(created.status).toBe(201);
    receiver.secret = created.json.secret;
    const endpointId = created.json.id as string;
    expect(await setup.stop()).toBe(0);

    const servers = await Promise.all([
      startServerProcess({ args: ARGS, env: ENV }),
      startServerProcess({ args: ARGS, env: ENV }),
    ]);
    try {
      const [a, b] = servers;
      // each user's one lesson, 5, 6 or 7 days ago, imported while both processes sweep
      const now = Date.now();
      const lessonDay = new Map<string, number>();
      const lines: string[] = [];
      for (let i = 0; i < USERS; i++) {
        const at = now - (5 + (i % 3)) * DAY - (i % 7) * 3_600_000;
        const user = `u${i}`;
        lessonDay.set(user, Date.parse(isoDay(at)));
        lines.push(JSON.stringify({ metric: 'lessons', user: { id: user, tz: 'UTC' }, value: 1, at }));
      }
      const file = join(dir, 'lessons.ndjson');
      writeFileSync(file, `${lines.join('\n')}\n`);
      const imported = await importFile(file);
      expect(imported, 'the import').toMatchObject({ recorded: USERS, rejected: 0 });

      // what each user must come to: the freeze used as D+2 begins, the loss as D+3 begins
      const frozeAt = new Map([...lessonDay].map(([user, day]) => [user, new Date(day + 2 * DAY).toISOString()]));
      const lostAt = new Map([...lessonDay].map(([user, day]) => [user, new Date(day + 3 * DAY).toISOString()]));
      const expectedFreezes = countBy([...frozeAt.values()].map((at) => at.slice(0, 10)));
      const expectedLosses = countBy([...lostAt.values()].map((at) => at.slice(0, 10)));

      const ofType = (type: string) => receiver.received.filter((r) => r.type === type);
      const ids = (received: readonly Received[]) => new Set(received.map((r) => r.id));
      const started = Date.now();
      const settled = await until(async () => {
        const days = await analytics(a, adminKey);
        return (
          sum(days, 'lost') >= USERS &&
          sum(days, 'freezesUsed') >= USERS &&
          ids(ofType('streak.lost')).size >= USERS &&
          ids(ofType('streak.freeze_consumed')).size >= USERS
        );
      }, 60_000);
      const settledMs = Date.now() - started;
      // then both go on sweeping and relaying for a while: a second settling would show now
      await sleep(1_500);

      const [daysA, daysB] = await Promise.all([analytics(a, adminKey), analytics(b, adminKey)]);
      const lost = ofType('streak.lost');
      const freezes = ofType('streak.freeze_consumed');
      const log = await deliveryLog(b.url, adminKey, endpointId);
      const summary =
        `${USERS} users imported; within ${settledMs} ms: analytics lost ${sum(daysA, 'lost')}, freezes used ` +
        `${sum(daysA, 'freezesUsed')}; received ${lost.length} streak.lost (${ids(lost).size} ids) and ` +
        `${freezes.length} streak.freeze_consumed (${ids(freezes).size} ids); ${log.length} deliveries logged; ` +
        `${receiver.refused.length} refused`;
      console.info(summary);
      expect(settled, summary).toBe(true);

      // the dashboard: one freeze used and one loss per user, on the day each happened, the same from both processes
      expect(sum(daysA, 'freezesUsed'), summary).toBe(USERS);
      expect(sum(daysA, 'lost'), summary).toBe(USERS);
      expect(byDay(daysA, 'freezesUsed')).toEqual(expectedFreezes);
      expect(byDay(daysA, 'lost')).toEqual(expectedLosses);
      expect(daysB).toEqual(daysA);

      // the endpoint: per user one id of each, dated at the midnight it happened, each sent once
      expect(receiver.refused, 'every delivery was signed right').toEqual([]);
      for (const [type, received, at] of [
        ['streak.freeze_consumed', freezes, frozeAt],
        ['streak.lost', lost, lostAt],
      ] as const) {
        const idsOf = new Map<string, Set<string>>();
        for (const r of received) {
          if (!idsOf.has(r.userId)) idsOf.set(r.userId, new Set());
          idsOf.get(r.userId)!.add(r.id);
        }
        expect(
          [...lessonDay.keys()].filter((user) => idsOf.get(user)?.size !== 1),
          `users without exactly one ${type} id`,
        ).toEqual([]);
        expect(
          received.filter((r) => r.timestamp !== at.get(r.userId)).map((r) => `${r.userId} ${r.timestamp}`),
          `${type} dated elsewhere than the midnight it happened`,
        ).toEqual([]);
        expect(received.length, `${type} deliveries received (no process crashed: none twice)`).toBe(USERS);
      }
      expect(countBy(log.map((d) => `${d.type} ${d.status}`))).toEqual({
        'streak.freeze_consumed delivered': USERS,
        'streak.lost delivered': USERS,
      });
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await receiver.close();
    }
  });
});
