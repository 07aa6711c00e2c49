import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createEngine, type Store } from '@kindling/core';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteStore } from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-sqlite-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const engineOn = (store: Store) =>
  createEngine({
    store,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    metrics: ['lessons'],
    clock: () => Date.UTC(2026, 5, 1, 12),
  });

/**
 * Users found in the database file alone, without its write-ahead log: what checkpoints copied into
 * it. A copy taken while a checkpoint is writing pages can be torn; it counts as none yet (-1).
 */
function usersInFileAlone(path: string): number {
  const copy = `${path}.alone-${++files}`;
  copyFileSync(path, copy);
  const db = new Database(copy, { readonly: true });
  try {
    // A new file's very schema may still be in the log only.
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'users'").get() === undefined) return 0;
    return (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
  } catch (error) {
    if (error instanceof Database.SqliteError && (error.code === 'SQLITE_CORRUPT' || error.code === 'SQLITE_NOTADB'))
      return -1;
    throw error;
  } finally {
    db.close();
  }
}

async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 20));
  }
  return true;
}

async function recordUsers(store: Store, count: number, prefix = 'u'): Promise<void> {
  const engine = engineOn(store);
  await Promise.all(
    Array.from({ length: count }, (_, i) => engine.record({ userId: `${prefix}-${i}`, metric: 'lessons', value: 1 })),
  );
}

describe('checkpoints', () => {
  it('leaves a short log in the log when SQLite checkpoints inline (the default): the file alone lacks the users', async () => {
    const path = join(dir, `inline-${++files}.db`);
    const store = sqliteStore({ path });
    await recordUsers(store, 50);
    await new Promise((done) => setTimeout(done, 300));
    expect(usersInFileAlone(path)).toBe(0);
    await store.close();
  });

  it('copies the log into the database file within moments of the last commit when a worker checkpoints', async () => {
    const path = join(dir, `background-${++files}.db`);
    const store = sqliteStore({ path, checkpoints: 'background' });
    await recordUsers(store, 50);
    expect(await until(() => usersInFileAlone(path) === 50)).toBe(true);
    await store.close();
  });

  it('keeps checkpointing while any store on the file is open, and closes its own connection with the last one', async () => {
    const path = join(dir, `shared-${++files}.db`);
    const first = sqliteStore({ path, account: 'a', checkpoints: 'background' });
    const second = sqliteStore({ path, account: 'b', checkpoints: 'background' });
    await recordUsers(first, 10);
    await first.close();
    await recordUsers(second, 20, 'v');
    expect(await until(() => usersInFileAlone(path) === 30)).toBe(true);
    await second.close();
    // SQLite removes the log when the last connection to the file closes: the worker's included.
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(usersInFileAlone(path)).toBe(30);
  });

  it('keeps every event through many commits with the worker checkpointing under them (S21)', async () => {
    const path = join(dir, `busy-${++files}.db`);
    const store = sqliteStore({ path, checkpoints: 'background' });
    const engine = engineOn(store);
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => engine.record({ userId: `u-${i}`, metric: 'lessons', value: 1 })),
      );
    }
    await store.close();
    const reopened = sqliteStore({ path });
    const totals = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => (await reopened.load(`u-${i}`))?.totals.lessons),
    );
    expect(new Set(totals)).toEqual(new Set([20]));
    await reopened.close();
  });
});
