/**
 * Durability: a writer process killed with SIGKILL in the middle of its stream loses nothing that
 * `record` acknowledged, and leaves nothing half-written; and with synchronous=full, no event is
 * acknowledged before the log that holds it is synced to disk (what a power loss would need), as
 * strace sees the writer's system calls.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createEngine, type RecordInput } from '@kindling/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, startChild } from '../test/processes.js';
import { acksBeforeSync, readTrace } from '../test/syscalls.js';
import { sqliteStore } from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-sqlite-kill-'));

beforeAll(ensureBuilt, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KILL_AFTER = 300;

describe('durability', () => {
  it.each(['full', 'normal'] as const)(
    'keeps every acknowledged event of a writer killed with SIGKILL mid-stream (synchronous=%s)',
    async (synchronous) => {
      const file = join(dir, `killed-${synchronous}.db`);
      const start = Date.parse('2026-02-01T10:00:00Z');
      // Far more events than it has time for; an event every 20 minutes, each with its own idempotency key.
      const events = Array.from(
        { length: 100_000 },
        (_, i): RecordInput => ({
          userId: 'w',
          metric: 'lessons',
          value: 1,
          at: start + i * 1_200_000,
          idempotencyKey: `k${i}`,
        }),
      );
      const child = startChild({ file, events, synchronous });
      child.onPrint = () => {
        if (child.printed.length === KILL_AFTER) child.process.kill('SIGKILL');
      };
      await child.ready;
      child.go();
      expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
      const printed = child.printed;
      expect(printed.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(printed.length).toBeLessThan(events.length); // killed mid-stream
      const lastPrinted = printed.at(-1)!.total;

      const store = sqliteStore({ path: file });
      const user = (await store.load('w'))!;
      const total = user.totals.lessons!;
      // Every event it printed is there; at most the one in flight when it died is there too, unprinted.
      expect(total).toBeGreaterThanOrEqual(lastPrinted);
      expect(total).toBeLessThanOrEqual(lastPrinted + 1);
      // Nothing half-written: state, version, rollups and idempotency records all count the same events.
      expect(user.version).toBe(total);
      expect((await store.journal('w')).rollups.reduce((sum, rollup) => sum + rollup.value, 0)).toBe(total);
      const raw = new Database(file, { readonly: true });
      expect(raw.prepare('SELECT count(*) FROM idempotency').pluck().get()).toBe(total);
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
      raw.close();
      // A replay of each printed key returns its first response and changes nothing; the store goes on.
      const engine = createEngine({
        store,
        streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
        clock: () => 0,
      });
      // What survived equals a rebuild from the journal (S20): the rollups and the state agree.
      const kept = { user: { ...user, version: 0 }, history: await store.history('w', 'default', 0, 1e6) };
      await engine.rebuild('w', { at: start });
      const rebuilt = {
        user: { ...(await store.load('w'))!, version: 0 },
        history: await store.history('w', 'default', 0, 1e6),
      };
      expect(rebuilt).toEqual(kept);
      for (const [i, line] of printed.entries()) {
        if (i % 50 !== 0 && i !== printed.length - 1) continue;
        expect(await engine.record(events[i]!)).toMatchObject({
          replayed: true,
          eventId: line.eventId,
          total: line.total,
        });
      }
      expect((await engine.record(events[total]!)).total).toBe(total + 1);
      await store.close();
    },
  );
});

/** strace runs on Linux only; there CI installs it (.ci/run). */
const onLinux = process.platform === 'linux';

/** Records `count` events in a child under strace; what its system calls show. */
async function traced(synchronous: 'full' | 'normal', count: number) {
  const found = spawnSync('strace', ['-V']);
  if (found.error !== undefined || found.status !== 0)
    throw new Error('these tests need strace (Debian: apt-get install -y strace; .ci/run installs it)');
  const file = join(dir, `traced-${synchronous}.db`);
  const trace = join(dir, `traced-${synchronous}.strace`);
  const start = Date.parse('2026-02-01T10:00:00Z');
  const events = Array.from(
    { length: count },
    (_, i): RecordInput => ({ userId: `u${i % 7}`, metric: 'lessons', value: 1, at: start + i * 600_000 }),
  );
  // The child opens the store only after "go": its log's open is in the trace.
  const child = startChild({ file, events, synchronous }, [
    'strace',
    '-f',
    '-qq',
    '-o',
    trace,
    '-e',
    'trace=openat,close,write,pwrite64,writev,pwritev,fsync,fdatasync',
  ]);
  await child.ready;
  child.go();
  expect(await child.exited).toEqual({ code: 0, signal: null });
  const calls = readTrace(readFileSync(trace, 'utf8'), `${file}-wal`);
  return {
    printed: child.printed.length,
    acks: calls.filter((call) => call.kind === 'ack').length,
    logWrites: calls.filter((call) => call.kind === 'log-write').length,
    early: acksBeforeSync(calls),
  };
}

describe.runIf(onLinux)('durability, seen in the system calls', () => {
  it('acknowledges each event (synchronous=full) only after a sync of the log begun after its writes has finished', async () => {
    const seen = await traced('full', 60);
    // "ready" and one line per event
    expect(seen).toMatchObject({ printed: 60, acks: 61 });
    expect(seen.logWrites).toBeGreaterThanOrEqual(60);
    expect(seen.early).toEqual([]);
  }, 60_000);

  it('sees the acknowledgements that come first when commits are not synced (synchronous=normal), so the check above can fail', async () => {
    const seen = await traced('normal', 60);
    expect(seen).toMatchObject({ printed: 60, acks: 61 });
    // every event's acknowledgement but the ones before the first write ("ready")
    expect(seen.early.length).toBeGreaterThanOrEqual(55);
  }, 60_000);
});
