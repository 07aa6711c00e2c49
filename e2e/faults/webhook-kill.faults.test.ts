/**
 * kill -9 the server mid-delivery and restart, on SQLite and on Redis: every acknowledged event's
 * `streak.started` reaches the endpoint, each change has one id, and a change sent again after the
 * kill comes with the id (and the very body) it had before. A slow receiver (50–200 ms an answer)
 * makes sure the kill lands while deliveries are in flight; those were claimed for a lease (long
 * enough to send a batch of 100, 16 at a time, each within KINDLING_WEBHOOK_TIMEOUT_MS, and 10 s
 * more), so the restarted process sends them when it runs out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built, startServerProcess } from './server-process.js';
import { ask, deliveryLog, dropRedisPrefix, type Received, startReceiver, until } from './webhook-receiver.js';

const USERS = 300;
const STREAMS = 4;
const TIMEOUT_MS = 2_000;
/** the lease of a claimed delivery (relay.ts: the timeout times ceil(100 / 16), and 10 s), and some time for the pass after it */
const LEASE_MS = TIMEOUT_MS * 7 + 10_000;
const DEADLINE_MS = LEASE_MS + 28_000;

const dir = mkdtempSync(join(tmpdir(), 'kindling-webhook-kill-'));
const prefix = `webhook-kill-${process.pid}-${Date.now().toString(36)}`;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  dropRedisPrefix(prefix);
});

const BACKENDS: Array<[string, { args: string[]; env: Record<string, string> }]> = [
  ['SQLite', { args: ['--data', join(dir, 'sqlite')], env: {} }],
  ['Redis', { args: ['--redis', 'redis://127.0.0.1:6379'], env: { KINDLING_REDIS_PREFIX: prefix } }],
];

const ENV = {
  KINDLING_WEBHOOK_ALLOW_PRIVATE: '1',
  KINDLING_WEBHOOK_RELAY_MS: '100',
  KINDLING_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  KINDLING_CACHE_MS: '0',
  KINDLING_RATE_LIMIT: '100000',
  KINDLING_RATE_BURST: '100000',
};

const distinct = (received: readonly Received[]) => new Set(received.map((r) => r.id)).size;

describe.skipIf(!built)('kill -9 mid-delivery', () => {
  it.each(BACKENDS)(
    'on %s: after a restart every acknowledged change is delivered, once per id, and any duplicate repeats an id and body already sent',
    async (name, backend) => {
      const env = { ...ENV, ...backend.env };
      const receiver = await startReceiver({ delayMs: [50, 200] });
      const first = await startServerProcess({ args: backend.args, env });
      let second: Awaited<ReturnType<typeof startServerProcess>> | null = null;
      try {
        const { applicationKey, adminKey } = first.firstStart!;
        const created = await ask(`${first.url}/admin/v1/webhooks`, {
          key: adminKey,
          method: 'POST',
          body: { url: receiver.url, types: ['streak.started'] },
        });
        expect(created.status).toBe(201);
        receiver.secret = created.json.secret;
        const endpointId = created.json.id as string;

        // every user's first lesson, in a few streams at once: each starts a streak
        const acknowledged: string[] = [];
        await Promise.all(
          Array.from({ length: STREAMS }, async (_, stream) => {
            for (let user = stream; user < USERS; user += STREAMS) {
              const answer = await ask(`${first.url}/v1/metrics/lessons/event`, {
                key: applicationKey,
                method: 'POST',
                body: { user: { id: `u${user}`, tz: 'UTC' }, value: 1 },
              });
              if (answer.status === 201) acknowledged.push(`u${user}`);
            }
          }),
        );
        expect(acknowledged.length, 'every event was acknowledged before the kill').toBe(USERS);

        // the kill, once a quarter of the users' news has arrived
        expect(await until(() => distinct(receiver.received) >= USERS / 4, 20_000)).toBe(true);
        first.child.kill('SIGKILL');
        await first.exited;
        const atKill = { received: receiver.received.length, distinct: distinct(receiver.received) };
        expect(atKill.distinct, 'the kill landed while deliveries were still to be made').toBeLessThan(USERS);

        const restartedAt = Date.now();
        second = await startServerProcess({ args: backend.args, env });
        expect(second.firstStart).toBeNull();
        const server = second;
        const everyone = await until(() => distinct(receiver.received) >= USERS, DEADLINE_MS);
        const fullAfterMs = Date.now() - restartedAt;
        // the log shows them delivered once the relay has noted the last answers. A delivery the
        // receiver had when the kill came, before its answer was noted, stays claimed until its lease
        // runs out, and is then sent again: that is later than `everyone` when all had arrived by then.
        let log = await deliveryLog(server.url, adminKey, endpointId);
        await until(
          async () => {
            log = await deliveryLog(server.url, adminKey, endpointId);
            return log.length >= USERS && log.every((d) => d.status === 'delivered');
          },
          Math.max(10_000, restartedAt + DEADLINE_MS - Date.now()),
        );

        // what arrived: per user the ids of its streak.started, and every id's first body
        const idsByUser = new Map<string, Set<string>>();
        const firstBody = new Map<string, string>();
        const duplicates: Received[] = [];
        const changedOnResend: string[] = [];
        for (const r of receiver.received) {
          if (!idsByUser.has(r.userId)) idsByUser.set(r.userId, new Set());
          idsByUser.get(r.userId)!.add(r.id);
          const before = firstBody.get(r.id);
          if (before === undefined) firstBody.set(r.id, r.raw);
          else {
            duplicates.push(r);
            if (before !== r.raw) changedOnResend.push(r.id);
          }
        }
        const summary =
          `${name}: ${acknowledged.length} events acknowledged; at the kill ${atKill.received} deliveries received ` +
          `(${atKill.distinct} ids); after the restart ${receiver.received.length} received, ${firstBody.size} distinct ids, ` +
          `${duplicates.length} duplicates [${duplicates.map((d) => `${d.userId}:${d.id}`).join(', ')}]; ` +
          `every user's news within ${fullAfterMs} ms of the restart; ${receiver.refused.length} refused`;
        console.info(summary);

        expect(everyone, summary).toBe(true);
        expect(receiver.refused, 'every delivery was signed right').toEqual([]);
        expect(new Set(receiver.received.map((r) => r.type)), summary).toEqual(new Set(['streak.started']));
        // no acknowledged change is lost
        expect(
          acknowledged.filter((user) => !idsByUser.has(user)),
          'acknowledged users without a delivery',
        ).toEqual([]);
        // one change per user: one id each, and as many ids as users
        expect(firstBody.size, summary).toBe(USERS);
        expect(
          [...idsByUser].filter(([, ids]) => ids.size !== 1).map(([user, ids]) => `${user}: ${[...ids].join(', ')}`),
          'users whose one change came with more than one id',
        ).toEqual([]);
        // a duplicate is the same delivery again: the id and the body sent before
        expect(changedOnResend, `${duplicates.length} duplicates; ids whose body changed when sent again`).toEqual([]);
        expect(duplicates.length, summary).toBe(receiver.received.length - USERS);
        // the log: one delivery per change, every one delivered
        expect(log.length, 'deliveries in the log').toBe(USERS);
        expect(new Set(log.map((d) => d.id))).toEqual(new Set(firstBody.keys()));
        expect(
          log.filter((d) => d.status !== 'delivered').map((d) => `${d.userId} ${d.status} after ${d.attempts}`),
          'deliveries not delivered',
        ).toEqual([]);
      } finally {
        if (first.child.exitCode === null && first.child.signalCode === null) await first.kill();
        await second?.stop();
        await receiver.close();
      }
    },
  );
});
