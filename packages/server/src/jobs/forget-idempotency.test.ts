/**
 * The sweeper's removal of idempotency records past their retention, on real stores: bounded
 * rounds a sweep, again at the next sweep while behind, a rest once caught up or failing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, memoryStore } from '@kindling/core';
import { sqliteStore } from '@kindling/sqlite';
import { describe, expect, it } from 'vitest';
import { FORGET_BATCH, FORGET_EVERY_MS, FORGET_ROUNDS, IdempotencyForgetter } from './forget-idempotency.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T10:00:00Z');

describe('IdempotencyForgetter', () => {
  it('removes a bounded share a sweep, comes back at the next while behind, and rests once caught up', async () => {
    const clock = { now: T0 };
    const store = memoryStore();
    const engine = createEngine({ store, metrics: ['lessons'], clock: () => clock.now, idempotencyRetentionMs: HOUR });
    const total = FORGET_BATCH * FORGET_ROUNDS + 1000;
    for (let i = 0; i < total; i++)
      await engine.ingest({ userId: `u${i % 100}`, metric: 'lessons', value: 1, idempotencyKey: `k${i}` });
    const removed: number[] = [];
    const warned: string[] = [];
    const forgetter = new IdempotencyForgetter(
      HOUR,
      () => clock.now,
      (_error, message) => warned.push(message),
      { forgotIdempotency: (n) => removed.push(n) },
    );
    clock.now = T0 + 2 * HOUR;
    expect(await forgetter.forgetIn('a', store)).toBe(FORGET_BATCH * FORGET_ROUNDS);
    expect(await forgetter.forgetIn('a', store)).toBe(1000);
    expect(removed).toEqual([FORGET_BATCH * FORGET_ROUNDS, 1000]);
    // caught up: a record past its retention since waits out the rest
    const caughtUp = clock.now;
    clock.now = caughtUp - 59 * 60_000;
    await engine.ingest({ userId: 'u1', metric: 'lessons', value: 1, idempotencyKey: 'late' });
    clock.now = caughtUp + FORGET_EVERY_MS - 1;
    expect(await forgetter.forgetIn('a', store)).toBe(0);
    clock.now = caughtUp + FORGET_EVERY_MS;
    expect(await forgetter.forgetIn('a', store)).toBe(1);
    expect(warned).toEqual([]);
  });

  it('tells a store that fails and tries it again a rest later, never throwing into the sweep', async () => {
    const clock = { now: T0 };
    const dir = mkdtempSync(join(tmpdir(), 'kindling-forget-'));
    const failing = sqliteStore({ path: join(dir, 'kindling.db') });
    await failing.close();
    const warned: string[] = [];
    const forgetter = new IdempotencyForgetter(
      HOUR,
      () => clock.now,
      (_error, message) => warned.push(message),
    );
    expect(await forgetter.forgetIn('a', failing)).toBe(0);
    expect(warned).toEqual([expect.stringMatching(/namespace a .*not removed/)]);
    // resting after the failure, then tried again
    expect(await forgetter.forgetIn('a', failing)).toBe(0);
    expect(warned).toHaveLength(1);
    clock.now += FORGET_EVERY_MS;
    expect(await forgetter.forgetIn('a', failing)).toBe(0);
    expect(warned).toHaveLength(2);
    rmSync(dir, { recursive: true, force: true });
  });
});
