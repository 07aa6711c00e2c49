import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { openSync, readFileSync, writeSync, closeSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { StoreError } from '@kindling/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { backupDatabases, sqliteStore, verifyDatabase, type BackupProgress } from './index.js';

const files = useTempFiles();
const driver = createRequire(import.meta.url).resolve('better-sqlite3');
const writers: ChildProcess[] = [];
afterEach(() => {
  for (const writer of writers.splice(0)) writer.kill('SIGKILL');
});

/** A file in WAL mode with a table `t` of `rows` rows of 2 KB, ids 1..rows. */
function filledFile(name: string, rows: number): string {
  const path = files.path(name);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)');
  const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(2000))');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run();
  })();
  db.close();
  return path;
}

/**
 * Another process that commits rows without pause, one transaction each, to every file in turn
 * (the same id to each, in the order given); resolves once it has committed its first.
 */
async function startWriter(paths: readonly string[]): Promise<void> {
  const writer = spawn(
    process.execPath,
    [
      '-e',
      `const Database = require(${JSON.stringify(driver)});
       const dbs = ${JSON.stringify(paths)}.map((path) => {
         const db = new Database(path, { timeout: 10000 });
         db.pragma('journal_mode = WAL');
         return db.prepare('INSERT INTO t (v) VALUES (randomblob(2000))');
       });
       for (const insert of dbs) insert.run();
       console.log('writing');
       for (;;) for (const insert of dbs) insert.run();`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  writers.push(writer);
  for await (const line of createInterface({ input: writer.stdout as NonNullable<typeof writer.stdout> }))
    if (line === 'writing') break;
}

function rowsOf(path: string): { count: number; max: number } {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS count, coalesce(max(id), 0) AS max FROM t').get() as {
      count: number;
      max: number;
    };
  } finally {
    db.close();
  }
}

describe('an online backup', () => {
  it('finishes while another process commits without pause, and holds one whole snapshot: every row committed before it began', async () => {
    const from = filledFile('busy.db', 20_000);
    await startWriter([from]);
    const before = rowsOf(from).count;
    const to = files.path('copy.db');
    const started = Date.now();
    await backupDatabases([{ from, to }], { pagesPerStep: 100 });
    const seconds = (Date.now() - started) / 1000;
    const after = rowsOf(from).count;
    const copy = rowsOf(to);
    expect(verifyDatabase(to).schemaVersion).toBe(0);
    // Every row committed before, none torn: ids 1..n without a gap, n no more than committed after.
    expect(copy.count).toBeGreaterThanOrEqual(before);
    expect(copy.max).toBe(copy.count);
    expect(copy.count).toBeLessThanOrEqual(after);
    // The writer went on during the copy: a copy in steps without its snapshot would have started over.
    expect(after - copy.count, `the writer committed during the ${seconds} s copy`).toBeGreaterThan(100);
  }, 60_000);

  it('copies several files as of moments a few commits apart, in the order given, not a whole copy apart', async () => {
    const big = filledFile('big.db', 20_000);
    const small = filledFile('small.db', 0);
    // Empty `small` to begin with: the writer's first rows give both the same ids from then on.
    const db = new Database(big);
    const offset = (db.prepare('SELECT max(id) AS max FROM t').get() as { max: number }).max;
    db.close();
    await startWriter([big, small]);
    const bigCopy = files.path('big-copy.db');
    const smallCopy = files.path('small-copy.db');
    await backupDatabases(
      [
        { from: big, to: bigCopy },
        { from: small, to: smallCopy },
      ],
      { pagesPerStep: 100 },
    );
    const written = rowsOf(small).count;
    const inBig = rowsOf(bigCopy).count - offset;
    const inSmall = rowsOf(smallCopy).count;
    // The writer commits to big, then to small: at any moment small holds big's rows or one fewer.
    // Small's snapshot, opened just after big's, holds so at least big's less one, and at most
    // what the writer did in the moment between: a small part of what it did during the copy.
    const duringCopy = written - inSmall;
    expect(duringCopy, 'the writer went on while big was copied').toBeGreaterThan(500);
    expect(inSmall - inBig).toBeGreaterThanOrEqual(-1);
    expect(inSmall - inBig).toBeLessThan(duringCopy / 10);
  }, 60_000);

  it('reports its progress in bytes of every file together, rising to the total', async () => {
    const a = filledFile('a.db', 3_000);
    const b = filledFile('b.db', 1_000);
    const seen: BackupProgress[] = [];
    const copied = await backupDatabases(
      [
        { from: a, to: files.path('a-copy.db') },
        { from: b, to: files.path('b-copy.db') },
      ],
      { pagesPerStep: 50, onProgress: (progress) => seen.push(progress) },
    );
    const total = copied.reduce((sum, copy) => sum + copy.bytes, 0);
    expect(copied.map((copy) => copy.bytes)).toEqual([statSync(a).size, statSync(b).size]);
    expect(seen.length).toBeGreaterThan(10);
    expect(new Set(seen.map((progress) => progress.totalBytes))).toEqual(new Set([total]));
    for (let i = 1; i < seen.length; i++)
      expect((seen[i] as BackupProgress).copiedBytes).toBeGreaterThanOrEqual(
        (seen[i - 1] as BackupProgress).copiedBytes,
      );
    expect(seen.at(-1)?.copiedBytes).toBe(total);
    expect(new Set(seen.map((progress) => progress.file))).toEqual(new Set([a, b]));
  });

  it('of a file that is missing fails naming it', async () => {
    const missing = files.path('missing.db');
    await expect(backupDatabases([{ from: missing, to: files.path('copy.db') }])).rejects.toThrow(
      new RegExp(`${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*cannot be opened`),
    );
  });
});

describe('the check of a copy', () => {
  it('passes a sound Kindling file, with its schema version', async () => {
    const path = files.path('kindling.db');
    const store = sqliteStore({ path });
    await store.close();
    expect(verifyDatabase(path)).toEqual({ applicationId: 0x4b4e444c, schemaVersion: readMigrations().length });
  });

  it('refuses a file with a damaged page, naming the file', () => {
    const path = filledFile('damaged.db', 2_000);
    const db = new Database(path);
    db.exec('CREATE INDEX t_v ON t (v)');
    db.close();
    // Garbage over a page in the middle of the file: a page of the table or of its index.
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(statSync(path).size / 4096 / 2) * 4096);
    closeSync(fd);
    let failure: unknown;
    try {
      verifyDatabase(path);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).message).toContain(path);
    expect((failure as StoreError).message).toMatch(/integrity check|corrupted|malformed/);
    expect((failure as StoreError).lasting).toBe(true);
  });

  it('refuses a truncated file, a file that is not SQLite and a schema newer than this version knows', async () => {
    const truncated = filledFile('truncated.db', 2_000);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 2));
    expect(() => verifyDatabase(truncated)).toThrow(/is truncated/);

    const foreign = files.path('notes.db');
    writeFileSync(foreign, 'not a database at all, but long enough to have a header of a hundred bytes '.repeat(3));
    expect(() => verifyDatabase(foreign)).toThrow(/is not a SQLite database/);

    const newer = files.path('newer.db');
    const store = sqliteStore({ path: newer });
    await store.close();
    const db = new Database(newer);
    db.pragma(`user_version = ${readMigrations().length + 1}`);
    db.close();
    const bytes = readFileSync(newer);
    expect(() => verifyDatabase(newer)).toThrow(/written by a newer @kindling\/sqlite/);
    expect(readFileSync(newer).equals(bytes)).toBe(true);
  });
});
