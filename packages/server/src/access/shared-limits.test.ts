import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ControlKV } from '@kindling/core/adapter';
import { sqliteControlKV } from '@kindling/sqlite';
import { RateLimiter } from './rate-limit.js';
import { SharedLimits, type SharedLimitsOptions } from './shared-limits.js';

let dir: string;
let kvs: ControlKV[];
beforeEach(() => {
  now = Date.parse('2026-03-02T10:00:00Z');
  dir = mkdtempSync(join(tmpdir(), 'kindling-limits-'));
  kvs = [];
});
afterEach(async () => {
  for (const kv of kvs) await kv.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

let now = Date.parse('2026-03-02T10:00:00Z');

/** A process's limiter (1 request a second, bursts of 5) on the shared control plane of `dir`. */
function processLimits(
  options?: SharedLimitsOptions,
  syncClock: () => number = () => now,
): { limits: SharedLimits; kv: ControlKV } {
  const kv = sqliteControlKV(join(dir, 'control.db'));
  kvs.push(kv);
  return { limits: new SharedLimits(new RateLimiter(1, 5, () => now), kv, syncClock, options), kv };
}

const takeTimes = (limits: SharedLimits, id: string, times: number) =>
  Array.from({ length: times }, () => limits.take(id));

describe('a rate limit shared by several processes', () => {
  it('charges each process for what the others let through, once both have synced', async () => {
    const [a, b] = [processLimits().limits, processLimits().limits];
    expect(takeTimes(a, 'key', 1)).toEqual([0]);
    expect(takeTimes(b, 'key', 1)).toEqual([0]);
    await a.sync();
    await b.sync();
    expect(takeTimes(a, 'key', 3)).toEqual([0, 0, 0]);
    // Before the exchange, b still has its own bucket: 4 left.
    await a.sync();
    await b.sync();
    // The key took 5 in all, its burst: b pays a's 3 and has 1 left, then waits.
    expect(takeTimes(b, 'key', 2)).toEqual([0, 1]);
    await b.sync();
    await a.sync();
    // a had used its bucket up and owes b's last one: 2 s to wait.
    expect(takeTimes(a, 'key', 1)).toEqual([2]);
    // Another key's bucket is untouched.
    expect(takeTimes(b, 'other', 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('charges each request once, however often the processes sync', async () => {
    const [a, b] = [processLimits().limits, processLimits().limits];
    takeTimes(a, 'key', 1);
    takeTimes(b, 'key', 1);
    for (let i = 0; i < 3; i++) {
      await a.sync();
      await b.sync();
    }
    takeTimes(a, 'key', 2);
    for (let i = 0; i < 4; i++) {
      await a.sync();
      await b.sync();
    }
    // Repeated syncs charged nothing twice. Each side paid what the other took after its first
    // sync: b had 5, took 1 and paid a's 2; a had 5, took 3 and paid b's 1.
    expect(takeTimes(b, 'key', 3)).toEqual([0, 0, 1]);
    expect(takeTimes(a, 'key', 2)).toEqual([0, 1]);
  });

  it('sends, on a sync asked for while another is under way, the requests made since that one began', async () => {
    const [a, b] = [processLimits().limits, processLimits().limits];
    takeTimes(a, 'key', 1);
    takeTimes(b, 'key', 1);
    await a.sync();
    await b.sync();
    const under = a.sync();
    takeTimes(a, 'key', 3);
    await a.sync();
    await under;
    await b.sync();
    // b had 4 and pays a's 3.
    expect(takeTimes(b, 'key', 2)).toEqual([0, 1]);
  });

  it('keeps the counts of each kind of limit apart', async () => {
    const keys = processLimits({ record: 'keys' }).limits;
    const signIns = processLimits({ record: 'sign-ins' }).limits;
    const otherSignIns = processLimits({ record: 'sign-ins' }).limits;
    for (const limits of [keys, signIns, otherSignIns]) limits.take('id');
    for (let i = 0; i < 2; i++) for (const limits of [keys, signIns, otherSignIns]) await limits.sync();
    takeTimes(keys, 'id', 4);
    takeTimes(otherSignIns, 'id', 4);
    for (let i = 0; i < 2; i++) for (const limits of [keys, signIns, otherSignIns]) await limits.sync();
    // signIns took 1 and pays the 5 of the process that shares its record (owing 1: 2 s to wait),
    // not the 5 of the other record (it would owe the most a bucket may, 5: 6 s).
    expect(takeTimes(signIns, 'id', 1)).toEqual([2]);
  });

  it('counts the others afresh in each window, and forgets what an earlier window held', async () => {
    // The windows move on their own clock, so that the buckets do not refill meanwhile.
    let syncNow = now;
    const options = { record: 'windows', windowMs: 60_000 };
    const [a, b] = [processLimits(options, () => syncNow).limits, processLimits(options, () => syncNow).limits];
    takeTimes(a, 'key', 1);
    takeTimes(b, 'key', 1);
    await a.sync();
    await b.sync();
    takeTimes(a, 'key', 3);
    // a's 3 are written in the next window: b reads them as the new window's baseline, not as news.
    syncNow += 60_000;
    await a.sync();
    await b.sync();
    expect(takeTimes(b, 'key', 4)).toEqual([0, 0, 0, 0]);
    for (let i = 0; i < 2; i++) {
      await a.sync();
      await b.sync();
    }
    // Within the window, b's 4 reach a, which had 1 left: it owes 3 and waits 4 s.
    expect(takeTimes(a, 'key', 1)).toEqual([4]);
  });

  it('follows at most maxFollowed ids and limits the others in this process alone', async () => {
    const options = { record: 'bounded', maxFollowed: 1 };
    const [a, b] = [processLimits(options).limits, processLimits(options).limits];
    for (const limits of [a, b]) {
      limits.take('first');
      await limits.sync();
      limits.take('second');
      await limits.sync();
    }
    takeTimes(a, 'first', 4);
    takeTimes(a, 'second', 4);
    await a.sync();
    await b.sync();
    expect(takeTimes(b, 'first', 1)).toEqual([1]);
    expect(takeTimes(b, 'second', 4)).toEqual([0, 0, 0, 0]);
  });

  it('goes on with its own buckets when the control plane cannot be reached', async () => {
    const { limits, kv } = processLimits();
    takeTimes(limits, 'key', 2);
    await kv.close();
    await expect(limits.sync()).resolves.toBeUndefined();
    expect(takeTimes(limits, 'key', 4)).toEqual([0, 0, 0, 1]);
  });
});
