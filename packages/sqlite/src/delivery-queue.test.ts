/**
 * The delivery queue on a SQLite file: the conformance suite on a file and in memory, then what only
 * a file shares: claims of several connections and processes at once, a reopen, the move of a queue of
 * bare user ids to the keys of namespaces, a line's head after
 * a delivery is sent again, keys kept exactly, refusals, and the query plans.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { StoreError } from '@kindling/core';
import {
  type ClaimedDelivery,
  type DeliveryAttempt,
  type DeliveryQueue,
  type NewDelivery,
  userOrderKey,
} from '@kindling/core/adapter';
import { describeDeliveryQueueConformance } from '@kindling/testing/conformance';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../test/processes.js';
import { planOf } from '../test/query-plan.js';
import { sqliteDeliveryQueue } from './delivery-queue.js';
import { prepareQueueStatements } from './delivery-queue-sql.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-delivery-queue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(dir, `queue-${++files}.db`);

describeDeliveryQueueConformance('SQLite file', () => sqliteDeliveryQueue(newPath()));
describeDeliveryQueueConformance('SQLite :memory:', () => sqliteDeliveryQueue(':memory:'));

const T0 = Date.parse('2026-03-01T00:00:00Z');
const LEASE = 60_000;
const CLAIMER = fileURLToPath(new URL('../test/claimer.mjs', import.meta.url));

function delivery(id: string, orderKey: string, createdAt = T0, endpointId = 'ep1'): NewDelivery {
  return { id, endpointId, orderKey, type: 'streak.extended', payload: `{"id":"${id}"}`, createdAt };
}
const attempt = (at: number, status: number | null): DeliveryAttempt => ({
  at,
  status,
  error: status === 200 ? null : 'failed',
  response: '',
  ms: 3.5,
});
const ids = (deliveries: ReadonlyArray<{ id: string }>) => deliveries.map((d) => d.id);

/** A delivery of ep1 as the claim that holds it now names it (what its sender passes to `finish`). */
async function held(queue: DeliveryQueue, id: string): Promise<ClaimedDelivery> {
  return { endpointId: 'ep1', id, claim: (await queue.get('ep1', id))?.claim ?? 0 };
}
/** `count` deliveries, each the only one of its line (all claimable at once). */
const separateLines = (count: number) =>
  Array.from({ length: count }, (_, i) => delivery(`d${String(i).padStart(4, '0')}`, `user${i}`));

/** Another process that opens the queue at `file`, claims until nothing is left once told to go, and gives the ids it got. */
async function startClaimer(file: string): Promise<{ go(): void; claimed: Promise<string[]> }> {
  const child = spawn(process.execPath, [CLAIMER], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.write(`${JSON.stringify({ file, now: T0, limit: 3, leaseMs: LEASE })}\n`);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const output = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ready = await output.next();
  if (ready.value !== 'ready') throw new Error(`the claimer did not start:\n${stderr}`);
  const claimed = (async () => {
    const line = await output.next();
    if (line.done) throw new Error(`the claimer printed nothing:\n${stderr}`);
    return JSON.parse(line.value) as string[];
  })();
  return { go: () => child.stdin.write('go\n'), claimed };
}

describe('the delivery queue on a SQLite file', () => {
  const open: DeliveryQueue[] = [];
  const queueAt = (path: string) => {
    const queue = sqliteDeliveryQueue(path);
    open.push(queue);
    return queue;
  };
  afterEach(async () => {
    for (const queue of open.splice(0)) await queue.close();
  });

  it('hands each delivery to only one of two queues opened on the same file, however their claims interleave', async () => {
    const path = newPath();
    const [a, b] = [queueAt(path), queueAt(path)];
    await a.enqueue(separateLines(60));
    const rounds = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? a : b).claim(T0, 4, LEASE)));
    const handed = rounds.flatMap(ids);
    expect(handed).toHaveLength(60);
    expect(new Set(handed).size).toBe(60);
    expect(await b.claim(T0, 10, LEASE)).toEqual([]);
  });

  it('hands each delivery to only one of four processes claiming from one file at once', {
    timeout: 120_000,
  }, async () => {
    ensureBuilt();
    const path = newPath();
    const queue = queueAt(path);
    await queue.enqueue(separateLines(600));
    const claimers = await Promise.all(Array.from({ length: 4 }, () => startClaimer(path)));
    for (const claimer of claimers) claimer.go();
    const claimed = await Promise.all(claimers.map((claimer) => claimer.claimed));
    const handed = claimed.flat();
    expect(handed).toHaveLength(600);
    expect(new Set(handed).size).toBe(600);
    // the claims did come in between one another's
    expect(claimed.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
    // every one of them is held for its lease
    expect(await queue.claim(T0 + LEASE - 1, 10, LEASE)).toEqual([]);
  });

  it('adds the claim count to a table made before it, its deliveries kept and claimed from 1', async () => {
    const path = newPath();
    const before = queueAt(path);
    await before.enqueue([delivery('a1', 'ann')]);
    await before.close();
    const db = new Database(path);
    db.exec('ALTER TABLE delivery_queue DROP COLUMN claims');
    db.close();
    const again = queueAt(path);
    expect(await again.get('ep1', 'a1')).toMatchObject({ status: 'pending', claim: 0 });
    const [claimed] = await again.claim(T0, 10, LEASE);
    expect(claimed).toMatchObject({ id: 'a1', claim: 1 });
    expect(await again.finish(claimed!, attempt(T0 + 1, 200), { status: 'delivered' })).toBe(true);
  });

  it('adds the finished claim to a table made before it, taking no delivery there as under way', async () => {
    const path = newPath();
    const before = queueAt(path);
    await before.enqueue([delivery('a1', 'ann')]);
    const [first] = await before.claim(T0, 10, LEASE);
    await before.finish(first!, attempt(T0 + 1, 500), { status: 'pending', nextAt: T0 + 30_000 });
    await before.close();
    const db = new Database(path);
    db.exec('ALTER TABLE delivery_queue DROP COLUMN finished_claim');
    db.close();
    const again = queueAt(path);
    // waiting for its next try, claimed once and finished: sent again at once
    expect(await again.retry('ep1', 'a1', T0 + 2)).toBe('due');
    const [claimed] = await again.claim(T0 + 2, 10, LEASE);
    expect(claimed).toMatchObject({ id: 'a1', claim: 2 });
    expect(await again.retry('ep1', 'a1', T0 + 3)).toBe('underWay');
    expect(await again.finish(claimed!, attempt(T0 + 4, 200), { status: 'delivered' })).toBe(true);
    expect(await again.retry('ep1', 'a1', T0 + 5)).toBe('due');
  });

  it("moves the order keys of a queue from before namespaces to the main one's, every line whole and in its order", async () => {
    const path = newPath();
    const before = queueAt(path);
    // the keys of then: bare user ids
    await before.enqueue([delivery('a1', 'ann'), delivery('a2', 'ann'), delivery('b1', 'b:ob'), delivery('c1', 'cy')]);
    await before.claim(T0, 10, LEASE);
    await before.finish(await held(before, 'a1'), attempt(T0 + 5, 503), { status: 'pending', nextAt: T0 + 1_000 });
    await before.finish(await held(before, 'c1'), attempt(T0 + 6, 200), { status: 'delivered' });
    await before.close();
    // as a file of then holds it: no note of its keys' form
    const db = new Database(path);
    db.exec('DROP TABLE IF EXISTS delivery_queue_version');
    db.close();
    const again = queueAt(path);
    const keys = (await again.list('ep1', 10)).deliveries.map((d) => [d.id, d.orderKey, d.status]);
    expect(keys).toEqual([
      ['c1', userOrderKey('', 'cy'), 'delivered'],
      ['b1', userOrderKey('', 'b:ob'), 'pending'],
      ['a2', userOrderKey('', 'ann'), 'pending'],
      ['a1', userOrderKey('', 'ann'), 'pending'],
    ]);
    // one queued now for ann joins her line, behind a2, which still waits behind a1
    await again.enqueue([delivery('a3', userOrderKey('', 'ann'))]);
    expect(ids(await again.claim(T0 + 1_000, 10, LEASE))).toEqual(['a1']);
    await again.finish(await held(again, 'a1'), attempt(T0 + 1_001, 200), { status: 'delivered' });
    expect(ids(await again.claim(T0 + 1_002, 10, LEASE))).toEqual(['a2']);
    // erasing ann of the main namespace finds every one of hers
    expect(await again.removeOrderKey(['ep1'], userOrderKey('', 'ann'))).toBe(3);
    await again.close();
    // moved once: a key of the new form is not moved again at the next open
    expect((await queueAt(path).get('ep1', 'b1'))?.orderKey).toBe(userOrderKey('', 'b:ob'));
  });

  it('refuses a queue whose order keys are of a later form than it knows, and leaves them as they were', async () => {
    const path = newPath();
    const queue = queueAt(path);
    await queue.enqueue([delivery('a1', 'ann')]);
    await queue.close();
    const db = new Database(path);
    db.exec('UPDATE delivery_queue_version SET version = 3');
    db.close();
    expect(() => sqliteDeliveryQueue(path)).toThrow(/form 3.*upgrade @kindling\/sqlite/);
    const again = new Database(path);
    expect(again.prepare('SELECT version FROM delivery_queue_version').pluck().get()).toBe(3);
    again.close();
  });

  it('keeps its deliveries, their attempts and their lines through a reopen', async () => {
    const path = newPath();
    const first = queueAt(path);
    await first.enqueue([delivery('a1', 'ann'), delivery('a2', 'ann'), delivery('b1', 'bob')]);
    await first.claim(T0, 10, LEASE);
    await first.finish(await held(first, 'a1'), attempt(T0 + 5, 503), { status: 'pending', nextAt: T0 + 1_000 });
    await first.finish(await held(first, 'b1'), attempt(T0 + 6, 200), { status: 'delivered' });
    const before = await first.list('ep1', 10);
    await first.close();
    const again = queueAt(path);
    expect(await again.list('ep1', 10)).toEqual(before);
    expect(await again.get('ep1', 'a1')).toMatchObject({ attempts: 1, nextAt: T0 + 1_000, last: attempt(T0 + 5, 503) });
    // a2 still waits behind a1
    expect(ids(await again.claim(T0 + 1_000, 10, LEASE))).toEqual(['a1']);
  });

  it('puts a delivery sent again at the head of its line again: the later ones wait for it', async () => {
    const queue = queueAt(newPath());
    await queue.enqueue([delivery('a1', 'ann'), delivery('a2', 'ann'), delivery('a3', 'ann')]);
    await queue.claim(T0, 10, LEASE);
    await queue.finish(await held(queue, 'a1'), attempt(T0 + 1, 200), { status: 'delivered' });
    expect(ids(await queue.claim(T0 + 2, 10, LEASE))).toEqual(['a2']);
    await queue.finish(await held(queue, 'a2'), attempt(T0 + 3, 500), { status: 'pending', nextAt: T0 + 10 });
    expect(await queue.retry('ep1', 'a1', T0 + 5)).toBe('due');
    expect(ids(await queue.claim(T0 + 10, 10, LEASE))).toEqual(['a1']);
    await queue.finish(await held(queue, 'a1'), attempt(T0 + 11, 200), { status: 'delivered' });
    expect(ids(await queue.claim(T0 + 12, 10, LEASE))).toEqual(['a2']);
    // sending a waiting one again does not let it overtake the head
    expect(await queue.retry('ep1', 'a3', T0 + 13)).toBe('due');
    expect(await queue.claim(T0 + 14, 10, LEASE)).toEqual([]);
  });

  it('keeps ids and order keys that differ only in lone surrogates apart', async () => {
    const queue = queueAt(newPath());
    await queue.enqueue([delivery('\uD800', '\uD800'), delivery('\uDC00', '\uDC00')]);
    expect(ids(await queue.claim(T0, 10, LEASE))).toEqual(['\uD800', '\uDC00']);
    expect(await queue.get('ep1', '\uDC00')).toMatchObject({ orderKey: '\uDC00' });
  });

  it('refuses a limit out of range or an instant that is not a number, and fails with a StoreError naming the file once closed', async () => {
    const path = newPath();
    const queue = queueAt(path);
    await expect(queue.claim(T0, 1001, LEASE)).rejects.toThrow(RangeError);
    await expect(queue.claim(T0, 1.5, LEASE)).rejects.toThrow(RangeError);
    await expect(queue.claim(Number.NaN, 1, LEASE)).rejects.toThrow(RangeError);
    await expect(queue.list('ep1', 0)).rejects.toThrow(RangeError);
    expect(await queue.list('ep1', 10, 'not a cursor')).toEqual({ deliveries: [], next: null });
    await queue.close();
    await queue.close();
    await expect(queue.get('ep1', 'a1')).rejects.toThrow(StoreError);
    await expect(queue.enqueue([delivery('a1', 'ann')])).rejects.toThrow(/queue-\d+\.db.*closed/);
  });

  it('refuses a file that is not SQLite with a StoreError naming it', () => {
    const path = join(dir, 'not-a-database.db');
    writeFileSync(
      path,
      'not SQLite, and long enough to have a header of one hundred bytes.............................',
    );
    expect(() => sqliteDeliveryQueue(path)).toThrow(/not-a-database\.db.*not a SQLite database/);
    expect(() => sqliteDeliveryQueue(path)).toThrow(StoreError);
  });

  it('refuses a file whose table of that name is not a delivery queue, and leaves it as it was', () => {
    const path = newPath();
    const db = new Database(path);
    db.exec("CREATE TABLE delivery_queue (note TEXT); INSERT INTO delivery_queue VALUES ('mine')");
    db.close();
    expect(() => sqliteDeliveryQueue(path)).toThrow(StoreError);
    const again = new Database(path);
    expect(again.prepare('SELECT * FROM delivery_queue').all()).toEqual([{ note: 'mine' }]);
    expect(again.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index'").pluck().get()).toBe(0);
    again.close();
  });
});

describe('the delivery queue’s query plans', () => {
  let db: Database.Database;
  beforeAll(async () => {
    // Mostly finished deliveries, a few heads, some waiting behind them: a queue after a while.
    const path = newPath();
    const queue = sqliteDeliveryQueue(path);
    await queue.enqueue(separateLines(200));
    for (const d of await queue.claim(T0, 190, LEASE))
      await queue.finish(d, attempt(T0 + 1, 200), { status: 'delivered' });
    await queue.enqueue(Array.from({ length: 20 }, (_, i) => delivery(`w${i}`, `user${199 - (i % 5)}`)));
    await queue.close();
    db = new Database(path);
    db.exec('ANALYZE'); // with statistics too, the planner must still pick a range
  });
  afterAll(() => db.close());

  it('claims from the index of due line heads, and reads or deletes through an index, never a scan of every delivery', () => {
    const sql = prepareQueueStatements(db);
    const key = Buffer.from('ep1');
    const plans = {
      due: [sql.due, [T0, 10], /^SEARCH delivery_queue USING INDEX delivery_queue_claimable \(claimable_at<\?\)/],
      dueOfEndpoint: [
        sql.dueOfEndpoint,
        [key, T0, 10],
        /^SEARCH delivery_queue USING INDEX delivery_queue_endpoint_heads \(endpoint_id=\? AND claimable_at<\?\)/,
      ],
      setHead: [
        sql.setHead,
        [key, key],
        /^SEARCH delivery_queue USING (INTEGER PRIMARY KEY|COVERING INDEX delivery_queue_lines)/,
      ],
      clearHeads: [sql.clearHeads, [key, key], /^SEARCH delivery_queue USING INDEX delivery_queue_lines/],
      get: [sql.get, [key, key], /^SEARCH delivery_queue USING INDEX delivery_queue_ids/],
      finish: [
        sql.finish,
        ['delivered', T0, null, '{}', key, key, 1],
        /^SEARCH delivery_queue USING INDEX delivery_queue_ids/,
      ],
      list: [
        sql.list,
        [key, 100, 10],
        /^SEARCH delivery_queue USING (COVERING )?INDEX delivery_queue_by_endpoint \(endpoint_id=\? AND rowid<\?\)/,
      ],
      purge: [
        sql.purge,
        [T0],
        /^SEARCH delivery_queue USING (COVERING )?INDEX delivery_queue_finished \(created_at<\?\)/,
      ],
      removeEndpoint: [
        sql.removeEndpoint,
        [key],
        /^SEARCH delivery_queue USING (COVERING )?INDEX delivery_queue_(ids|by_endpoint)/,
      ],
    } as const;
    for (const [name, [statement, params, expected]] of Object.entries(plans)) {
      const reads = planOf(db, statement.source, params).filter(
        (detail) => !/^(USE TEMP B-TREE|SCALAR SUBQUERY)/.test(detail),
      );
      expect(reads.length, name).toBeGreaterThan(0);
      for (const detail of reads) expect(detail, name).toMatch(/^SEARCH /);
      expect(reads[0], name).toMatch(expected);
    }
  });

  it('finds the endpoints with a due head by a step of the endpoint heads index per endpoint, never a scan', () => {
    const sql = prepareQueueStatements(db);
    const reads = planOf(db, sql.dueEndpoints.source, [T0, 10]).filter((detail) => detail.includes('delivery_queue'));
    expect(reads.length).toBeGreaterThan(0);
    for (const detail of reads)
      expect(detail).toMatch(/^SEARCH delivery_queue USING (COVERING )?INDEX delivery_queue_endpoint_heads/);
  });

  it('counts the pending and the failed on their own partial indexes, never reading a finished delivery', () => {
    const sql = prepareQueueStatements(db);
    const reads = planOf(db, sql.count.source, []).filter(
      (detail) => !/^(SCALAR SUBQUERY|SCAN CONSTANT ROW)/.test(detail),
    );
    expect(reads).toEqual([
      'SCAN delivery_queue USING COVERING INDEX delivery_queue_lines',
      'SCAN delivery_queue USING COVERING INDEX delivery_queue_failed',
    ]);
  });
});
