import { readFileSync, truncateSync, writeFileSync, statSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { StoreError, type Store } from '@kindling/core';
import { newUser } from '@kindling/core/internal';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { readMigrations } from './migrate.js';
import { sqliteStore } from './index.js';

const files = useTempFiles();

/** The StoreError that opening `path` (and reading everything) fails with. */
async function failureOf(path: string): Promise<StoreError> {
  let store: Store | undefined;
  try {
    store = sqliteStore({ path });
    for (const userId of await store.users(null, 1e6)) await store.load(userId);
    await store.stats('default', 0, 10);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return error as StoreError;
  } finally {
    await store?.close();
  }
  throw new Error(`${path} opened and read without an error`);
}

/** A closed Kindling file with `count` users (a few pages each hundred). */
async function kindlingFile(name: string, count: number): Promise<string> {
  const path = files.path(name);
  const store = sqliteStore({ path });
  for (let i = 0; i < count; i++) {
    const userId = `user-${String(i).padStart(5, '0')}`;
    await store.update(userId, () => ({
      result: null,
      write: {
        user: { ...newUser(userId, 0), version: 1, email: 'x'.repeat(200) },
        history: [],
        rollups: [],
        index: [],
      },
    }));
  }
  await store.close();
  expect(existsSync(`${path}-wal`)).toBe(false); // the last close checkpointed everything into the file
  return path;
}

describe('files that are not a healthy Kindling store', () => {
  it('refuses a file that is not SQLite, and leaves it as it was', async () => {
    const path = files.path('notes.txt');
    writeFileSync(path, 'these are my notes, not a database\n'.repeat(20));
    const before = readFileSync(path);
    expect((await failureOf(path)).message).toMatch(/notes\.txt.*is not a SQLite database/);
    expect(readFileSync(path)).toEqual(before);
  });

  it('refuses a file of garbage bytes', async () => {
    const path = files.path('garbage.db');
    writeFileSync(path, randomBytes(8192));
    expect((await failureOf(path)).message).toMatch(/garbage\.db.*is not a SQLite database/);
  });

  it('reports a file whose pages were overwritten with garbage as corrupted', async () => {
    const path = await kindlingFile('damaged.db', 300);
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16);
    randomBytes(bytes.length - pageSize).copy(bytes, pageSize); // every page but the header page
    writeFileSync(path, bytes);
    const failure = await failureOf(path);
    expect(failure.message).toMatch(/damaged\.db.*(is corrupted|is not a SQLite database)/);
    expect(failure.lasting).toBe(true); // no retry mends it: the server answers 500, not 503
  });

  it('refuses a truncated file', async () => {
    const path = await kindlingFile('cut.db', 300);
    const size = statSync(path).size;
    truncateSync(path, Math.floor(size / 2));
    expect((await failureOf(path)).message).toMatch(/cut\.db.* is truncated: its header counts \d+ pages/);
  });

  it('refuses a SQLite file of another application without touching it', async () => {
    const path = files.path('other.db');
    const db = new Database(path);
    db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
    db.close();
    const before = readFileSync(path);
    expect((await failureOf(path)).message).toMatch(
      /other\.db.*another application \(application_id 0.*1 tables\), not a Kindling store/,
    );
    expect(readFileSync(path)).toEqual(before); // not even switched to WAL
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('refuses a file written by a newer schema', async () => {
    const path = await kindlingFile('newer.db', 1);
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect((await failureOf(path)).message).toMatch(
      new RegExp(
        `newer\\.db.*schema version 99, written by a newer @kindling/sqlite; this version knows up to ${readMigrations().length}`,
      ),
    );
  });

  it('reports a user row whose JSON does not parse, on read and on update, and writes nothing', async () => {
    const path = await kindlingFile('row.db', 2);
    const db = new Database(path);
    db.prepare(
      'UPDATE users SET state = \'{"id": "user-00001", broken\' WHERE version = 1 AND state LIKE \'%user-00001%\'',
    ).run();
    db.close();
    const store = files.open('row.db');
    await expect(store.load('user-00001')).rejects.toThrow(
      /row\.db.*state of user "user-00001" \(account "default"\) does not parse as JSON/,
    );
    const step = () => ({
      result: null,
      write: { user: { ...newUser('user-00001', 0), version: 2 }, history: [], rollups: [], index: [] },
    });
    await expect(store.update('user-00001', step)).rejects.toThrow(StoreError);
    expect(await store.load('user-00000')).toMatchObject({ id: 'user-00000' });
    const check = new Database(path);
    expect(check.prepare('SELECT version FROM users ORDER BY user_id').pluck().all()).toEqual([1, 1]);
    check.close();
  });

  it('says when the file cannot be created, and accepts an empty file as a new store', async () => {
    expect((await failureOf(files.path('missing/folder/a.db'))).message).toMatch(
      /missing\/folder\/a\.db.*cannot be opened/,
    );
    writeFileSync(files.path('empty.db'), '');
    const store = files.open('empty.db');
    expect(await store.countUsers()).toBe(0);
  });
});
