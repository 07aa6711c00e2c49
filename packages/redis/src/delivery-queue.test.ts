/**
 * The delivery queue on a single Redis and on a Redis Cluster: the shared conformance cases of
 * @kindling/testing, each on a queue of its own prefix, claims of two queue objects (two processes)
 * racing for the same deliveries, and agreement with the memory reference over any sequence of
 * operations (lines moving on, retries of earlier deliveries, purges, removals, clocks going back).
 */
import { memoryDeliveryQueue, type DeliveryOutcome, type DeliveryQueue, userOrderKey } from '@kindling/core/adapter';
import fc from 'fast-check';
import { describeDeliveryQueueConformance } from '@kindling/testing/conformance';
import { afterAll, describe, expect, it } from 'vitest';
import { redisDeliveryQueue } from './delivery-queue.js';
import { deleteKeysMatching, openTargets, presentTargets, type RedisTarget } from '../test/targets.js';

const targets = await openTargets();
afterAll(async () => {
  for (const target of presentTargets(targets)) await deleteKeysMatching(target.client(), `{${target.prefix}:dq-*`);
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

const T0 = Date.parse('2026-03-01T00:00:00Z');
const idArb = fc.constantFrom('a', 'b', '__proto__', 'd:{e}');
const endpointArb = fc.constantFrom('ep1', 'ep 2:{x}');
const outcomeArb: fc.Arbitrary<DeliveryOutcome> = fc.oneof(
  fc.constant({ status: 'delivered' as const }),
  fc.constant({ status: 'failed' as const }),
  fc.integer({ min: -1_000, max: 50_000 }).map((later) => ({ status: 'pending' as const, nextAt: T0 + later })),
);
const opArb = fc.oneof(
  fc.record({
    kind: fc.constant('enqueue' as const),
    items: fc.array(
      fc.record({
        id: idArb,
        endpointId: endpointArb,
        orderKey: fc.constantFrom('ann', 'bob'),
        createdAt: fc.integer({ min: 0, max: 20_000 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  fc.record({
    kind: fc.constant('claim' as const),
    at: fc.integer({ min: 0, max: 100_000 }),
    limit: fc.integer({ min: 1, max: 4 }),
    lease: fc.integer({ min: 1, max: 40_000 }),
  }),
  fc.record({
    kind: fc.constant('finish' as const),
    endpointId: endpointArb,
    id: idArb,
    at: fc.integer({ min: 0, max: 100_000 }),
    outcome: outcomeArb,
    // a sender of the claim before the one holding it now (its lease ran out and it was handed on)
    stale: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('retry' as const),
    endpointId: endpointArb,
    id: idArb,
    at: fc.integer({ min: 0, max: 100_000 }),
  }),
  fc.record({ kind: fc.constant('purge' as const), before: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ kind: fc.constant('remove' as const), endpointId: endpointArb }),
  fc.record({
    kind: fc.constant('claimEndpoint' as const),
    endpointId: endpointArb,
    at: fc.integer({ min: 0, max: 100_000 }),
    // at least the lines an endpoint may have (two users): which of them go is not left to ties
    limit: fc.integer({ min: 2, max: 4 }),
    lease: fc.integer({ min: 1, max: 40_000 }),
  }),
  fc.record({ kind: fc.constant('dueEndpoints' as const), at: fc.integer({ min: 0, max: 100_000 }) }),
);

/** Runs `op` on the queue: what it answers. */
async function apply(queue: DeliveryQueue, op: OpOf<typeof opArb>): Promise<unknown> {
  switch (op.kind) {
    case 'enqueue':
      return queue.enqueue(
        op.items.map((item) => ({
          ...item,
          type: 'streak.lost',
          payload: `{"id":"${item.id}"}`,
          createdAt: T0 + item.createdAt,
        })),
      );
    case 'claim':
      return queue.claim(T0 + op.at, op.limit, op.lease);
    case 'finish': {
      const claim = ((await queue.get(op.endpointId, op.id))?.claim ?? 0) - (op.stale ? 1 : 0);
      return queue.finish(
        { endpointId: op.endpointId, id: op.id, claim },
        { at: T0 + op.at, status: 500, error: 'status 500', response: 'no', ms: 3 },
        op.outcome,
      );
    }
    case 'retry':
      return queue.retry(op.endpointId, op.id, T0 + op.at);
    case 'purge':
      return queue.purge(T0 + op.before);
    case 'remove':
      return queue.removeEndpoint(op.endpointId);
    case 'claimEndpoint':
      // due at the same instant, two lines go in an order of the queue's choosing
      return (await queue.claimEndpoint(op.endpointId, T0 + op.at, op.limit, op.lease)).sort((a, b) =>
        a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
      );
    case 'dueEndpoints':
      return queue.dueEndpoints(T0 + op.at, 10);
  }
}

type OpOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

let queues = 0;
/** A queue on a prefix of its own under the run's prefix (its keys are `{<prefix>}…`). */
const queueOn = (target: RedisTarget, prefix = `${target.prefix}:dq-${++queues}:`): DeliveryQueue =>
  redisDeliveryQueue({ ...target.deployment, prefix });

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisDeliveryQueue on ${target?.name ?? 'Redis'}`, () => {
    describeDeliveryQueueConformance(`redis (${target?.name ?? 'Redis'})`, () => queueOn(target!));

    it('hands each delivery to one of two processes claiming at once, and to the other once its lease ran out', async () => {
      const prefix = `${target!.prefix}:dq-${++queues}:`;
      const one = queueOn(target!, prefix);
      const two = queueOn(target!, prefix);
      try {
        await one.enqueue(
          Array.from({ length: 200 }, (_, i) => ({
            id: `d${i}`,
            endpointId: `ep${i % 3}`,
            orderKey: `user${i % 40}`,
            type: 'streak.lost',
            payload: '{}',
            createdAt: T0,
          })),
        );
        const claims = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? one : two).claim(T0, 7, 60_000)),
        );
        const handed = claims.flat().map((d) => `${d.endpointId}/${d.id}`);
        // one delivery per line (3 endpoints × 40 users: each line's first), no delivery twice
        expect(handed).toHaveLength(70);
        expect(new Set(handed).size).toBe(70);
        expect(await two.claim(T0 + 1, 100, 60_000)).toHaveLength(50);
        expect(await one.claim(T0 + 2, 100, 60_000)).toEqual([]);
        const again = await two.claim(T0 + 60_000, 1000, 60_000);
        expect(new Set(again.map((d) => `${d.endpointId}/${d.id}`))).toEqual(new Set(handed));
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('makes the index of lines by endpoint for a queue written before it, once, from every pending line', async () => {
      const prefix = `${target!.prefix}:dq-${++queues}:`;
      const before = queueOn(target!, prefix);
      const delivery = (id: string, orderKey: string, endpointId: string, createdAt: number) => ({
        id,
        endpointId,
        orderKey,
        type: 'streak.lost',
        payload: '{}',
        createdAt,
      });
      await before.enqueue([
        delivery('a1', 'ann', 'ep:1', T0),
        delivery('a2', 'ann', 'ep:1', T0),
        delivery('b1', 'bob', 'ep2', T0 + 10),
        delivery('c1', 'cy', 'ep2', T0 + 50_000),
      ]);
      // one moved to ready by a claim of every endpoint, and held
      expect((await before.claim(T0, 1, 60_000)).map((d) => d.id)).toEqual(['a1']);
      await before.close();
      // as a queue of then holds it: no index by endpoint
      const client = target!.client();
      await client.del(
        `{${prefix}}endpoints`,
        `{${prefix}}endpoints:made`,
        `{${prefix}}el:ep%003a1`,
        `{${prefix}}el:ep2`,
      );
      const again = queueOn(target!, prefix);
      try {
        expect(await again.dueEndpoints(T0 + 20, 10)).toEqual(['ep2']);
        expect(await again.dueEndpoints(T0 + 60_000, 10)).toEqual(['ep2', 'ep:1']);
        expect((await again.claimEndpoint('ep:1', T0 + 60_000, 10, 60_000)).map((d) => d.id)).toEqual(['a1']);
        expect((await again.claimEndpoint('ep2', T0 + 60_000, 10, 60_000)).map((d) => d.id)).toEqual(['b1', 'c1']);
      } finally {
        await again.close();
      }
    });

    it("moves the order keys of a queue from before namespaces to the main one's, every line whole and in its order", async () => {
      const prefix = `${target!.prefix}:dq-${++queues}:`;
      const delivery = (id: string, orderKey: string, endpointId = 'ep 2:{x}') => ({
        id,
        endpointId,
        orderKey,
        type: 'streak.lost',
        payload: JSON.stringify({ id, note: '"quoted" \\ slash' }),
        createdAt: T0,
      });
      const attempt = (at: number) => ({ at, status: 503, error: 'status 503', response: '', ms: 2 });
      const before = queueOn(target!, prefix);
      // the keys of then: bare user ids
      await before.enqueue([
        delivery('a1', 'ann'),
        delivery('a2', 'ann'),
        delivery('b"1', 'b:o{b}'),
        delivery('c1', 'cy'),
        delivery('d1', 'ann', 'ep1'),
        // one's new key is the other's old one
        delivery('x1', 'x', 'ep1'),
        delivery('z1', '0::x', 'ep1'),
      ]);
      const claimed = await before.claim(T0, 10, 60_000);
      const held = (id: string) => claimed.find((d) => d.id === id)!;
      await before.finish(held('a1'), attempt(T0 + 5), { status: 'pending', nextAt: T0 + 1_000 });
      await before.finish(held('c1'), attempt(T0 + 6), { status: 'delivered' });
      const log = (await before.list('ep 2:{x}', 10)).deliveries;
      await before.close();
      // as a queue of then holds it: no note of its keys' form
      await target!.client().del(`{${prefix}}form`);
      const again = queueOn(target!, prefix);
      try {
        expect((await again.list('ep 2:{x}', 10)).deliveries).toEqual(
          log.map((d) => ({ ...d, orderKey: userOrderKey('', d.orderKey) })),
        );
        expect((await again.get('ep1', 'd1'))?.orderKey).toBe(userOrderKey('', 'ann'));
        expect((await again.get('ep1', 'x1'))?.orderKey).toBe(userOrderKey('', 'x'));
        expect((await again.get('ep1', 'z1'))?.orderKey).toBe(userOrderKey('', '0::x'));
        // one queued now for ann joins her line, behind a2, which still waits behind a1
        await again.enqueue([delivery('a3', userOrderKey('', 'ann'))]);
        const next = await again.claim(T0 + 60_000, 10, 60_000);
        expect(next.map((d) => d.id).sort()).toEqual(['a1', 'b"1', 'd1', 'x1', 'z1']);
        await again.finish(next.find((d) => d.id === 'a1')!, attempt(T0 + 60_001), { status: 'delivered' });
        expect((await again.claim(T0 + 60_002, 10, 60_000)).map((d) => d.id)).toEqual(['a2']);
        // erasing ann of the main namespace finds every one of hers
        expect(await again.removeOrderKey(['ep 2:{x}', 'ep1'], userOrderKey('', 'ann'))).toBe(4);
        await again.close();
        // moved once: a key of the new form is not moved again at the next open
        const third = queueOn(target!, prefix);
        expect((await third.get('ep 2:{x}', 'b"1'))?.orderKey).toBe(userOrderKey('', 'b:o{b}'));
        await third.close();
      } finally {
        await again.close();
      }
    });

    it('makes the counts of a queue written before them once, from its lines and finished deliveries', async () => {
      const prefix = `${target!.prefix}:dq-${++queues}:`;
      const before = queueOn(target!, prefix);
      const delivery = (id: string, orderKey: string) => ({
        id,
        endpointId: 'ep1',
        orderKey,
        type: 'streak.lost',
        payload: '{}',
        createdAt: T0,
      });
      await before.enqueue([delivery('a1', 'ann'), delivery('a2', 'ann'), delivery('b1', 'bob'), delivery('c1', 'cy')]);
      const attempt = { at: T0 + 1, status: 500, error: 'status 500', response: '', ms: 2 };
      for (const d of await before.claim(T0, 10, 60_000))
        await before.finish(d, attempt, { status: d.id === 'a1' ? 'delivered' : 'failed' });
      expect(await before.count()).toEqual({ pending: 1, failed: 2 });
      await before.close();
      // as a queue of then holds it: no counts
      await target!.client().del(`{${prefix}}counts`);
      const again = queueOn(target!, prefix);
      try {
        expect(await again.count()).toEqual({ pending: 1, failed: 2 });
        await again.enqueue([delivery('d1', 'dan')]);
        expect(await again.count()).toEqual({ pending: 2, failed: 2 });
      } finally {
        await again.close();
      }
    });
  });
}

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`redisDeliveryQueue on ${target?.name ?? 'Redis'}: against the memory queue`, () => {
    it('answers as the memory queue over any sequence of operations, at instants back and forth', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
          const redis = queueOn(target!);
          const memory = memoryDeliveryQueue();
          try {
            for (const op of ops) expect(await apply(redis, op)).toEqual(await apply(memory, op));
            // the counts the scripts keep are those the memory queue reads off every delivery
            expect(await redis.count()).toEqual(await memory.count());
            // every line's first pending delivery, whatever it waits for
            const late = T0 + 1_000_000;
            expect(await redis.claim(late, 1000, 1)).toEqual(await memory.claim(late, 1000, 1));
            for (const endpointId of ['ep1', 'ep 2:{x}']) {
              expect(await redis.list(endpointId, 1000)).toEqual(await memory.list(endpointId, 1000));
            }
          } finally {
            await redis.close();
          }
        }),
        { numRuns: target?.name === 'single Redis' ? 150 : 40 },
      );
    });
  });
}
