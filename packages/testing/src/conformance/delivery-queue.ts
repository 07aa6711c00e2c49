/**
 * describeDeliveryQueueConformance: the cases every `DeliveryQueue` (a webhook relay's storage)
 * passes, run by each adapter: deliveries handed out when due (of every endpoint, or of one, with
 * the endpoints that have some due), one at a time per endpoint and user in queue order, held by a
 * lease, retried, logged, sent again and forgotten.
 */
import type { ClaimedDelivery, DeliveryAttempt, DeliveryQueue, NewDelivery } from '@kindling/core/adapter';
import { afterEach, describe, expect, it } from 'vitest';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const LEASE = 60_000;

function delivery(id: string, orderKey: string, createdAt = T0, endpointId = 'ep1'): NewDelivery {
  return { id, endpointId, orderKey, type: 'streak.lost', payload: `{"id":"${id}"}`, createdAt };
}

function attempt(at: number, status: number | null, error: string | null = null): DeliveryAttempt {
  return { at, status, error, response: status === null ? '' : `answer ${status}`, ms: 12 };
}

const ids = (deliveries: ReadonlyArray<{ id: string }>) => deliveries.map((d) => d.id);

/** A delivery as the claim that holds it now names it: what the sender that claimed it last passes to `finish`. */
async function current(q: DeliveryQueue, id: string, endpointId: string): Promise<ClaimedDelivery> {
  return { endpointId, id, claim: (await q.get(endpointId, id))?.claim ?? 0 };
}

export function describeDeliveryQueueConformance(
  name: string,
  make: () => DeliveryQueue | Promise<DeliveryQueue>,
): void {
  describe(`DeliveryQueue conformance: ${name}`, () => {
    const open: DeliveryQueue[] = [];
    const queue = async () => {
      const q = await make();
      open.push(q);
      return q;
    };
    afterEach(async () => {
      for (const q of open.splice(0)) await q.close().catch(() => undefined);
    });

    it('refuses to send again a delivery whose attempt is under way, and sends it again once that attempt is done', async () => {
      const q = await queue();
      await q.enqueue([delivery('a1', 'ann')]);
      const [held] = await q.claim(T0, 10, LEASE);
      // held by a claim whose lease runs: refused, and not handed out a second time meanwhile
      expect(await q.retry('ep1', 'a1', T0 + 1)).toBe('underWay');
      expect(await q.claim(T0 + 2, 10, LEASE)).toEqual([]);
      // the attempt under way is recorded as it went
      expect(await q.finish(held!, attempt(T0 + 3, 200), { status: 'delivered' })).toBe(true);
      expect(await q.get('ep1', 'a1')).toMatchObject({ status: 'delivered', attempts: 1 });
      // once done, sent again
      expect(await q.retry('ep1', 'a1', T0 + 4)).toBe('due');
      const [second] = await q.claim(T0 + 4, 10, LEASE);
      expect(second).toMatchObject({ id: 'a1', status: 'pending', attempts: 1 });
      // a claim whose lease ran out holds nothing: its delivery is due, sent again at once
      expect(await q.retry('ep1', 'a1', T0 + 4 + LEASE)).toBe('due');
      const [third] = await q.claim(T0 + 4 + LEASE, 10, LEASE);
      expect(third).toMatchObject({ id: 'a1' });
      // waiting for its next try after a failed attempt: sent again now
      await q.finish(third!, attempt(T0 + 5 + LEASE, 500, 'status 500'), {
        status: 'pending',
        nextAt: T0 + 10 * LEASE,
      });
      expect(await q.retry('ep1', 'a1', T0 + 6 + LEASE)).toBe('due');
      expect(await q.get('ep1', 'a1')).toMatchObject({ status: 'pending', attempts: 2, nextAt: T0 + 6 + LEASE });
      expect(await q.retry('ep1', 'nope', T0)).toBe('unknown');
    });

    it('hands out due deliveries oldest first, one at a time per endpoint and user, and holds them for the lease', async () => {
      const q = await queue();
      await q.enqueue([delivery('a1', 'ann'), delivery('b1', 'bob'), delivery('a2', 'ann')]);
      await q.enqueue([delivery('a3', 'ann', T0, 'ep2'), delivery('later', 'cat', T0 + 5_000)]);
      const claimed = await q.claim(T0, 10, LEASE);
      // a2 waits for a1; ep2's delivery of ann's is another line; `later` is not due yet
      expect(ids(claimed)).toEqual(['a1', 'b1', 'a3']);
      expect(claimed[0]).toMatchObject({
        id: 'a1',
        endpointId: 'ep1',
        orderKey: 'ann',
        type: 'streak.lost',
        payload: '{"id":"a1"}',
        createdAt: T0,
        status: 'pending',
        attempts: 0,
        firstAttemptAt: null,
        last: null,
      });
      // held: nothing of it again before the lease ends, and still a2 waits
      expect(ids(await q.claim(T0 + 10_000, 10, LEASE))).toEqual(['later']);
      // a process that claimed and died: its deliveries come back once the lease is over
      expect(ids(await q.claim(T0 + LEASE + 1, 10, LEASE))).toEqual(['a1', 'b1', 'a3']);
    });

    it('moves a line on when its first is delivered or given up, and holds it while the first waits for a retry', async () => {
      const q = await queue();
      await q.enqueue([delivery('a1', 'ann'), delivery('a2', 'ann'), delivery('a3', 'ann')]);
      await q.claim(T0, 10, LEASE);
      expect(
        await q.finish(await current(q, 'a1', 'ep1'), attempt(T0 + 1, 500, 'status 500'), {
          status: 'pending',
          nextAt: T0 + 30_000,
        }),
      ).toBe(true);
      // a1 waits for its retry; a2 must not overtake it
      expect(await q.claim(T0 + 2, 10, LEASE)).toEqual([]);
      const retried = await q.claim(T0 + 30_000, 10, LEASE);
      expect(ids(retried)).toEqual(['a1']);
      expect(retried[0]).toMatchObject({
        attempts: 1,
        firstAttemptAt: T0 + 1,
        last: attempt(T0 + 1, 500, 'status 500'),
      });
      expect(await q.finish(await current(q, 'a1', 'ep1'), attempt(T0 + 30_001, 200), { status: 'delivered' })).toBe(
        true,
      );
      expect(ids(await q.claim(T0 + 30_002, 10, LEASE))).toEqual(['a2']);
      expect(
        await q.finish(await current(q, 'a2', 'ep1'), attempt(T0 + 30_003, null, 'timeout after 10000 ms'), {
          status: 'failed',
        }),
      ).toBe(true);
      expect(ids(await q.claim(T0 + 30_004, 10, LEASE))).toEqual(['a3']);
      const a1 = await q.get('ep1', 'a1');
      expect(a1).toMatchObject({
        status: 'delivered',
        attempts: 2,
        firstAttemptAt: T0 + 1,
        nextAt: null,
        last: attempt(T0 + 30_001, 200),
      });
      expect(await q.get('ep1', 'a2')).toMatchObject({ status: 'failed', attempts: 1, nextAt: null });
      // finished already, or never queued: nothing to record
      expect(await q.finish(await current(q, 'a1', 'ep1'), attempt(T0 + 40_000, 200), { status: 'delivered' })).toBe(
        false,
      );
      expect(await q.finish(await current(q, 'nope', 'ep1'), attempt(T0 + 40_000, 200), { status: 'delivered' })).toBe(
        false,
      );
      expect(await q.get('ep1', 'nope')).toBeNull();
      expect(await q.get('ep2', 'a1')).toBeNull();
    });

    it("takes no finish from a claim whose lease ran out and was handed on: the later claim's outcome stands", async () => {
      const q = await queue();
      await q.enqueue([delivery('a1', 'ann')]);
      const [first] = await q.claim(T0, 10, LEASE);
      // the first sender hangs past its lease; another process takes the delivery over
      const [second] = await q.claim(T0 + LEASE + 1, 10, LEASE);
      expect([first?.id, second?.id]).toEqual(['a1', 'a1']);
      // the first sender comes back late and gives up: that must not end the second one's attempt
      expect(await q.finish(first!, attempt(T0 + LEASE + 2, null, 'timeout'), { status: 'failed' })).toBe(false);
      expect(await q.get('ep1', 'a1')).toMatchObject({ status: 'pending', attempts: 0, claim: second!.claim });
      expect(await q.finish(second!, attempt(T0 + LEASE + 3, 200), { status: 'delivered' })).toBe(true);
      // and once it is finished, the first sender's word changes nothing either
      expect(await q.finish(first!, attempt(T0 + LEASE + 4, 500), { status: 'pending', nextAt: T0 })).toBe(false);
      expect(await q.get('ep1', 'a1')).toMatchObject({ status: 'delivered', attempts: 1, last: { status: 200 } });
    });

    it('keeps a delivery queued twice once, as it was', async () => {
      const q = await queue();
      await q.enqueue([delivery('a1', 'ann')]);
      await q.claim(T0, 10, LEASE);
      await q.finish(await current(q, 'a1', 'ep1'), attempt(T0 + 1, 200), { status: 'delivered' });
      await q.enqueue([{ ...delivery('a1', 'ann'), payload: '{"changed":true}' }]);
      expect(await q.get('ep1', 'a1')).toMatchObject({ status: 'delivered', payload: '{"id":"a1"}', attempts: 1 });
      expect(await q.claim(T0 + 2, 10, LEASE)).toEqual([]);
    });

    it('hands out no more than the limit, and the same delivery to only one of two claims at once', async () => {
      const q = await queue();
      await q.enqueue(Array.from({ length: 30 }, (_, i) => delivery(`d${String(i).padStart(2, '0')}`, `user${i}`)));
      expect(ids(await q.claim(T0, 5, LEASE))).toEqual(['d00', 'd01', 'd02', 'd03', 'd04']);
      const [one, two] = await Promise.all([q.claim(T0, 20, LEASE), q.claim(T0, 20, LEASE)]);
      const both = [...ids(one ?? []), ...ids(two ?? [])];
      expect(both).toHaveLength(25);
      expect(new Set(both).size).toBe(25);
      await expect(q.claim(T0, 0, LEASE)).rejects.toThrow();
    });

    it("lists an endpoint's deliveries newest first a page at a time, sends one again, and forgets the old and the deleted", async () => {
      const q = await queue();
      await q.enqueue(Array.from({ length: 5 }, (_, i) => delivery(`d${i}`, `user${i}`, T0 + i)));
      await q.enqueue([delivery('other', 'ann', T0, 'ep2')]);
      const first = await q.list('ep1', 2);
      expect(ids(first.deliveries)).toEqual(['d4', 'd3']);
      expect(first.next).not.toBeNull();
      const second = await q.list('ep1', 2, first.next);
      expect(ids(second.deliveries)).toEqual(['d2', 'd1']);
      const third = await q.list('ep1', 2, second.next);
      expect(ids(third.deliveries)).toEqual(['d0']);
      expect(third.next).toBeNull();
      expect((await q.list('nobody', 10)).deliveries).toEqual([]);
      // a cursor the queue never gave pages nothing, and is no error
      expect((await q.list('ep1', 10, 'not a cursor')).deliveries).toEqual([]);

      await q.claim(T0 + 10, 10, LEASE);
      await q.finish(await current(q, 'd0', 'ep1'), attempt(T0 + 11, null, 'ECONNREFUSED'), { status: 'failed' });
      await q.finish(await current(q, 'd1', 'ep1'), attempt(T0 + 11, 204), { status: 'delivered' });
      // send again: pending and due now, its attempts kept
      expect(await q.retry('ep1', 'd0', T0 + 20)).toBe('due');
      expect(await q.retry('ep1', 'nope', T0 + 20)).toBe('unknown');
      expect(await q.get('ep1', 'd0')).toMatchObject({ status: 'pending', attempts: 1, nextAt: T0 + 20 });
      expect(ids(await q.claim(T0 + 20, 10, LEASE))).toEqual(['d0']);

      // forget what is finished and old; pending ones stay, however old
      expect(await q.purge(T0 + 3)).toBe(1); // d1
      expect(ids((await q.list('ep1', 10)).deliveries)).toEqual(['d4', 'd3', 'd2', 'd0']);
      await q.removeEndpoint('ep1');
      expect((await q.list('ep1', 10)).deliveries).toEqual([]);
      expect(ids((await q.list('ep2', 10)).deliveries)).toEqual(['other']);
    });

    it("forgets every delivery of an erased user to the named endpoints, pending, claimed or finished, and no one else's", async () => {
      const q = await queue();
      await q.enqueue([
        delivery('a1', 'ann'),
        delivery('a2', 'ann'),
        delivery('a3', 'ann'),
        delivery('b1', 'bob'),
        delivery('a-other', 'ann', T0, 'ep3'),
        delivery('a-ep2', 'ann', T0, 'ep2'),
        delivery('annie', 'annie'),
      ]);
      const [first] = (await q.claim(T0, 10, LEASE)).filter((d) => d.id === 'a1');
      expect(await q.finish(first!, attempt(T0 + 1, 200), { status: 'delivered' })).toBe(true);
      const claimed = (await q.claim(T0 + 2, 10, LEASE)).find((d) => d.id === 'a2');
      expect(claimed).toBeDefined();
      // a1 delivered, a2 claimed now, a3 waiting behind it; ep3 is another account's endpoint
      expect(await q.removeOrderKey(['ep1', 'ep2'], 'ann')).toBe(4);
      for (const id of ['a1', 'a2', 'a3']) expect(await q.get('ep1', id)).toBeNull();
      expect(await q.get('ep2', 'a-ep2')).toBeNull();
      // the sender of the claimed one finds it gone: nothing is written back, nothing tried again
      expect(await q.finish(claimed!, attempt(T0 + 3, 500, 'boom'), { status: 'pending', nextAt: T0 + 4 })).toBe(false);
      expect(await q.get('ep1', 'a2')).toBeNull();
      expect(ids((await q.list('ep1', 10)).deliveries)).toEqual(['annie', 'b1']);
      expect(ids((await q.list('ep3', 10)).deliveries)).toEqual(['a-other']);
      // the others' leases ran out: they come back, ann's do not
      expect(ids(await q.claim(T0 + LEASE * 2, 10, LEASE)).sort()).toEqual(['a-other', 'annie', 'b1']);
      expect(await q.removeOrderKey(['ep1'], 'ann')).toBe(0);
      expect(await q.removeOrderKey([], 'bob')).toBe(0);
      expect(await q.get('ep1', 'b1')).not.toBeNull();
    });

    it('forgets every delivery to the named endpoints whose order key starts with a prefix (a namespace gone), and no other', async () => {
      const q = await queue();
      await q.enqueue([
        delivery('t1', '1:t:ann'),
        delivery('t2', '1:t:ann'),
        delivery('t3', '1:t:b{o}b', T0, 'ep2'),
        delivery('u1', '1:u:ann'),
        delivery('m1', '0::1:t:ann'),
        delivery('x1', '1:t:ann', T0, 'ep3'),
      ]);
      const [first] = (await q.claim(T0, 10, LEASE)).filter((d) => d.id === 't1');
      expect(await q.finish(first!, attempt(T0 + 1, 200), { status: 'delivered' })).toBe(true);
      expect(await q.removeOrderKeyPrefix(['ep1', 'ep2'], '1:t:')).toBe(3);
      for (const [endpoint, id] of [
        ['ep1', 't1'],
        ['ep1', 't2'],
        ['ep2', 't3'],
      ] as const)
        expect(await q.get(endpoint, id)).toBeNull();
      expect(ids((await q.list('ep1', 10)).deliveries)).toEqual(['m1', 'u1']);
      expect(ids((await q.list('ep3', 10)).deliveries)).toEqual(['x1']);
      // the lines left go on as before
      expect(ids(await q.claim(T0 + LEASE * 2, 10, LEASE)).sort()).toEqual(['m1', 'u1', 'x1']);
      expect(await q.removeOrderKeyPrefix(['ep1'], '1:t:')).toBe(0);
      expect(await q.removeOrderKeyPrefix([], '')).toBe(0);
    });

    it('forgets by a prefix that ends inside a surrogate pair the keys that continue it, paired or not', async () => {
      const q = await queue();
      await q.enqueue([
        delivery('pair', '1:t:\uD83D\uDE00ann'),
        delivery('lone', '1:t:\uD83Dz'),
        delivery('other', '1:t:\uD83C\uDE00ann'),
      ]);
      expect(await q.removeOrderKeyPrefix(['ep1'], '1:t:\uD83D')).toBe(2);
      expect(ids((await q.list('ep1', 10)).deliveries)).toEqual(['other']);
    });

    it('counts the pending and the failed deliveries of the whole queue through every change', async () => {
      const q = await queue();
      const counted = () => q.count();
      expect(await counted()).toEqual({ pending: 0, failed: 0 });
      await q.enqueue([delivery('a1', 'ann'), delivery('a2', 'ann'), delivery('b1', 'bob'), delivery('c1', 'cat')]);
      await q.enqueue([delivery('a1', 'ann'), delivery('d1', 'dan', T0, 'ep2'), delivery('e1', '1:t:eve', T0, 'ep2')]);
      // a repeat is not counted twice
      expect(await counted()).toEqual({ pending: 6, failed: 0 });
      // claimed deliveries are still pending
      await q.claim(T0, 10, LEASE);
      expect(await counted()).toEqual({ pending: 6, failed: 0 });
      await q.finish(await current(q, 'a1', 'ep1'), attempt(T0 + 1, 200), { status: 'delivered' });
      await q.finish(await current(q, 'b1', 'ep1'), attempt(T0 + 1, 500, 'status 500'), { status: 'failed' });
      await q.finish(await current(q, 'c1', 'ep1'), attempt(T0 + 1, 500, 'status 500'), {
        status: 'pending',
        nextAt: T0 + 30_000,
      });
      // a finish the queue refuses (a stale claim) changes no count
      expect(
        await q.finish({ endpointId: 'ep1', id: 'b1', claim: 0 }, attempt(T0 + 2, 200), { status: 'delivered' }),
      ).toBe(false);
      expect(await counted()).toEqual({ pending: 4, failed: 1 });
      // sent again: a failed one and a delivered one pending again, a pending one stays counted once
      expect(await q.retry('ep1', 'b1', T0 + 3)).toBe('due');
      expect(await q.retry('ep1', 'a1', T0 + 3)).toBe('due');
      expect(await q.retry('ep1', 'c1', T0 + 3)).toBe('due');
      expect(await q.retry('ep1', 'nobody', T0 + 3)).toBe('unknown');
      expect(await counted()).toEqual({ pending: 6, failed: 0 });
      // past the first lease: d1 and e1, claimed and never finished, are handed out again
      const next = await q.claim(T0 + LEASE + 1, 10, LEASE);
      for (const d of next)
        await q.finish(d, attempt(T0 + 5, 500, 'status 500'), { status: d.id === 'a1' ? 'delivered' : 'failed' });
      // a1 delivered, b1, c1, d1, e1 failed; a2 left
      expect(await counted()).toEqual({ pending: 1, failed: 4 });
      // purge forgets the finished ones queued before its bound: the failed leave the count
      await q.enqueue([delivery('f1', 'fay', T0 + LEASE + 2)]);
      const late = (await q.claim(T0 + LEASE + 2, 10, LEASE)).find((d) => d.id === 'f1');
      if (late === undefined) throw new Error('f1 was not handed out');
      await q.finish(late, attempt(T0 + LEASE + 3, 500, 'status 500'), { status: 'failed' });
      expect(await counted()).toEqual({ pending: 1, failed: 5 });
      expect(await q.purge(T0 + 1)).toBe(5);
      expect(await counted()).toEqual({ pending: 1, failed: 1 });
      // an erased user's deliveries, pending or failed, leave the counts
      expect(await q.removeOrderKey(['ep1'], 'ann')).toBe(1);
      expect(await q.removeOrderKey(['ep1'], 'fay')).toBe(1);
      expect(await counted()).toEqual({ pending: 0, failed: 0 });
      await q.enqueue([
        delivery('g1', '1:t:gus', T0, 'ep2'),
        delivery('g2', '1:t:gus', T0, 'ep2'),
        delivery('h1', 'hal'),
      ]);
      const gus = (await q.claim(T0 + 3 * LEASE, 10, LEASE)).find((d) => d.id === 'g1');
      if (gus === undefined) throw new Error('g1 was not handed out');
      await q.finish(gus, attempt(T0 + 3 * LEASE + 1, 500, 'status 500'), { status: 'failed' });
      expect(await counted()).toEqual({ pending: 2, failed: 1 });
      expect(await q.removeOrderKeyPrefix(['ep2'], '1:t:')).toBe(2);
      expect(await counted()).toEqual({ pending: 1, failed: 0 });
      await q.removeEndpoint('ep1');
      expect(await counted()).toEqual({ pending: 0, failed: 0 });
    });

    it("lists the endpoints with something due, longest due first, and claims one endpoint's alone, however much another has due", async () => {
      const q = await queue();
      // ep1 has a backlog queued first; ep2's one user's deliveries come after all of it
      await q.enqueue(Array.from({ length: 30 }, (_, i) => delivery(`h${i}`, `user-${i}`, T0 - 30 + i, 'ep1')));
      await q.enqueue([delivery('a1', 'ann', T0 + 5, 'ep2'), delivery('a2', 'ann', T0 + 5, 'ep2')]);
      await q.enqueue([delivery('later', 'cat', T0 + 3 * LEASE, 'ep3')]);
      expect(await q.dueEndpoints(T0 - 31, 10)).toEqual([]);
      expect(await q.dueEndpoints(T0 + 10, 10)).toEqual(['ep1', 'ep2']);
      expect(await q.dueEndpoints(T0 + 10, 1)).toEqual(['ep1']);
      // ep2's is handed out however much ep1 has, and a2 waits for a1 (one at a time per user)
      expect(ids(await q.claimEndpoint('ep2', T0 + 10, 10, LEASE))).toEqual(['a1']);
      expect(await q.claimEndpoint('ep2', T0 + 11, 10, LEASE)).toEqual([]);
      expect(await q.dueEndpoints(T0 + 11, 10)).toEqual(['ep1']);
      // ep1's, soonest due first, at most the limit, held for the lease: from either kind of claim
      expect(ids(await q.claimEndpoint('ep1', T0 + 12, 4, LEASE))).toEqual(['h0', 'h1', 'h2', 'h3']);
      expect(await q.claim(T0 + 13, 100, LEASE)).toHaveLength(26);
      expect(await q.dueEndpoints(T0 + 14, 10)).toEqual([]);
      expect(await q.claimEndpoint('ep1', T0 + 14, 10, LEASE)).toEqual([]);
      // a1 delivered: a2 is due
      const [a1] = await q.claimEndpoint('ep2', T0 + LEASE + 20, 10, LEASE);
      expect(a1?.id).toBe('a1');
      expect(await q.finish(a1!, attempt(T0 + LEASE + 21, 200), { status: 'delivered' })).toBe(true);
      expect(ids(await q.claimEndpoint('ep2', T0 + LEASE + 22, 10, LEASE))).toEqual(['a2']);
      // one refused waits for its retry while the others, their leases over, go
      const [refused] = await q.claimEndpoint('ep1', T0 + LEASE + 30, 1, LEASE);
      expect(['h0', 'h1', 'h2', 'h3']).toContain(refused?.id);
      await q.finish(refused!, attempt(T0 + LEASE + 31, 500, 'boom'), { status: 'pending', nextAt: T0 + LEASE + 40 });
      const rest = ids(await q.claimEndpoint('ep1', T0 + LEASE + 35, 100, LEASE));
      expect(rest).toHaveLength(29);
      expect(rest).not.toContain(refused?.id);
      expect(ids(await q.claimEndpoint('ep1', T0 + LEASE + 41, 10, LEASE))).toEqual([refused?.id]);
      expect(await q.dueEndpoints(T0 + 2 * LEASE + 50, 10)).toEqual(['ep2', 'ep1']);
      // an endpoint forgotten leaves the list; a delivery sent again comes back to it
      await q.removeEndpoint('ep1');
      expect(await q.dueEndpoints(T0 + 4 * LEASE, 10)).toEqual(['ep2', 'ep3']);
      expect(await q.claimEndpoint('ep1', T0 + 4 * LEASE, 10, LEASE)).toEqual([]);
      expect(await q.retry('ep2', 'a1', T0 + 4 * LEASE)).toBe('due');
      expect(ids(await q.claimEndpoint('ep2', T0 + 4 * LEASE, 10, LEASE))).toEqual(['a1']);
      await expect(q.claimEndpoint('ep2', T0, 0, LEASE)).rejects.toThrow();
      await expect(q.dueEndpoints(T0, 0)).rejects.toThrow();
    });

    it('hands the same delivery of an endpoint to only one of two claims at once, whichever way each claims', async () => {
      const q = await queue();
      await q.enqueue(Array.from({ length: 20 }, (_, i) => delivery(`d${String(i).padStart(2, '0')}`, `u${i}`)));
      const [one, two, three] = await Promise.all([
        q.claimEndpoint('ep1', T0, 15, LEASE),
        q.claimEndpoint('ep1', T0, 15, LEASE),
        q.claim(T0, 15, LEASE),
      ]);
      const all = [...ids(one!), ...ids(two!), ...ids(three!)];
      expect(all).toHaveLength(20);
      expect(new Set(all).size).toBe(20);
    });

    it('keeps ids, keys and payloads as given, whatever characters they hold', async () => {
      const q = await queue();
      const odd = {
        ...delivery('__proto__', 'constructor'),
        endpointId: 'ep:1 {x}',
        payload: '{"name":"ünï €\\u0000"}',
      };
      await q.enqueue([odd]);
      expect(await q.get('ep:1 {x}', '__proto__')).toMatchObject({ orderKey: 'constructor', payload: odd.payload });
      expect(ids(await q.claim(T0, 10, LEASE))).toEqual(['__proto__']);
    });
  });
}
