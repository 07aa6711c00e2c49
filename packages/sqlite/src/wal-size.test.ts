import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, WAL_SIZE_LIMIT } from './open.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-sqlite-wal-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const walSize = (path: string): number => statSync(`${path}-wal`).size;

/** Writes about 40 MB in one transaction of `db`'s own connection, then has another connection checkpoint all of it. */
function burstAndCheckpoint(db: Database.Database, path: string): void {
  db.exec('CREATE TABLE IF NOT EXISTS burst (b BLOB)');
  const insert = db.prepare('INSERT INTO burst VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 400; i++) insert.run(Buffer.alloc(100_000, i));
  })();
  const other = new Database(path);
  try {
    const [state] = other.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    expect(state?.checkpointed).toBe(state?.log);
  } finally {
    other.close();
  }
}

describe('the write-ahead log file', () => {
  it('is cut back to WAL_SIZE_LIMIT when a store connection starts it over after a burst was checkpointed', () => {
    const path = join(dir, `store-${++files}.db`);
    const db = openDatabase(path, 'the store', { busyTimeout: 5_000, synchronous: 'normal' });
    try {
      db.pragma('wal_autocheckpoint = 0');
      burstAndCheckpoint(db, path);
      expect(walSize(path)).toBeGreaterThan(2 * WAL_SIZE_LIMIT);
      db.exec('DELETE FROM burst');
      expect(walSize(path)).toBeLessThanOrEqual(WAL_SIZE_LIMIT);
    } finally {
      db.close();
    }
  });
});
