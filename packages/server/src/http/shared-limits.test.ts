import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ControlKV } from '../control/kv.js';
import { sqliteKV } from '../control/sqlite-kv.js';
import { RateLimiter } from './rate-limit.js';
import { SharedLimits } from './shared-limits.js';

let dir: string;
let kvs: ControlKV[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kindling-limits-'));
  kvs = [];
});
afterEach(async () => {
  for (const kv of kvs) await kv.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const now = Date.parse('2026-03-02T10:00:00Z');

/** A process's limiter (1 request a second, bursts of 5) on the shared control plane of `dir`. */
function processLimits(): { limits: SharedLimits; kv: ControlKV } {
  const kv = sqliteKV(join(dir, 'control.db'));
  kvs.push(kv);
  return { limits: new SharedLimits(new RateLimiter(1, 5, () => now), kv, () => now), kv };
}

const takeTimes = (limits: SharedLimits, id: string, times: number) => Array.from({ length: times }, () => limits.take(id));

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

  it('goes on with its own buckets when the control plane cannot be reached', async () => {
    const { limits, kv } = processLimits();
    takeTimes(limits, 'key', 2);
    await kv.close();
    await expect(limits.sync()).resolves.toBeUndefined();
    expect(takeTimes(limits, 'key', 4)).toEqual([0, 0, 0, 1]);
  });
});
