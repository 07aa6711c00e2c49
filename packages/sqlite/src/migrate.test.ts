import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { StoreError } from '@kindling/core';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { APPLICATION_ID, MIGRATIONS_FOLDER, migrate, readMigrations } from './migrate.js';

const files = useTempFiles();

function folderWith(migrations: Record<string, string>): string {
  const folder = files.path('migrations');
  mkdirSync(folder);
  for (const [name, sql] of Object.entries(migrations)) writeFileSync(`${folder}/${name}`, sql);
  return folder;
}

const pragmas = (db: Database.Database) => [
  db.pragma('application_id', { simple: true }),
  db.pragma('user_version', { simple: true }),
];

describe('migrations', () => {
  it('ships numbered SQL files 001, 002, … without gaps in the package folder', () => {
    const names = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql'));
    expect(names.length).toBeGreaterThan(0);
    expect(readMigrations().map((m) => m.name)).toEqual(names.sort());
    expect(readMigrations().map((m) => m.version)).toEqual(names.map((_, i) => i + 1));
  });

  it('marks a new file as Kindling’s and brings it to the latest version; opening it again applies nothing', async () => {
    const store = files.open('a.db');
    await store.close();
    const db = new Database(files.path('a.db'));
    expect(pragmas(db)).toEqual([APPLICATION_ID, readMigrations().length]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const changes = db.prepare('SELECT total_changes()').pluck();
    const before = changes.get();
    expect(migrate(db, 'test')).toBe(readMigrations().length);
    expect(changes.get()).toBe(before);
    db.close();
  });

  it('applies migrations in order, each once, up from the version a file has', () => {
    const folder = folderWith({
      '001_first.sql': 'CREATE TABLE t (a INTEGER);',
      '002_second.sql': "ALTER TABLE t ADD COLUMN b TEXT; INSERT INTO t VALUES (1, 'x');",
      '010_third.sql': "INSERT INTO t VALUES (2, 'y');",
    });
    expect(() => readMigrations(folder)).toThrow(/010_third\.sql .*number 3/);
    renameSync(`${folder}/010_third.sql`, `${folder}/003_third.sql`);
    const all = readMigrations(folder);
    const db = new Database(files.path('m.db'));
    expect(migrate(db, 'm.db', all.slice(0, 2))).toBe(2);
    expect(migrate(db, 'm.db', all)).toBe(3);
    expect(migrate(db, 'm.db', all)).toBe(3);
    expect(db.prepare('SELECT a, b FROM t ORDER BY a').all()).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
    expect(pragmas(db)).toEqual([APPLICATION_ID, 3]);
    db.close();
  });

  it('rolls a failing migration back whole: its tables, its rows and its version number', () => {
    const folder = folderWith({
      '001_first.sql': 'CREATE TABLE t (a INTEGER NOT NULL);',
      '002_broken.sql': 'CREATE TABLE u (b INTEGER); INSERT INTO t VALUES (1); INSERT INTO t VALUES (NULL);',
    });
    const db = new Database(files.path('m.db'));
    let failure: unknown;
    try {
      migrate(db, 'SQLite file "m.db"', readMigrations(folder));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as Error).message).toMatch(
      /m\.db.*002_broken\.sql failed and was rolled back; the schema stays at version 1.*NOT NULL/,
    );
    expect(pragmas(db)).toEqual([APPLICATION_ID, 1]);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'u'").all()).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
    db.close();
  });

  it('rebuilds a table others refer to with foreign keys off, keeping every child row, and turns them back on', () => {
    const folder = folderWith({
      '001_first.sql':
        'CREATE TABLE p (id INTEGER PRIMARY KEY, s TEXT) ; CREATE TABLE c (p INTEGER NOT NULL REFERENCES p (id) ON DELETE CASCADE); ' +
        "INSERT INTO p VALUES (1, 'a'), (2, 'b'); INSERT INTO c VALUES (1), (2), (2);",
      '002_rebuild.sql':
        '-- kindling: foreign keys off\n' +
        'CREATE TABLE p_new (id INTEGER PRIMARY KEY, s TEXT NOT NULL); INSERT INTO p_new SELECT id, s FROM p; ' +
        'DROP TABLE p; ALTER TABLE p_new RENAME TO p;',
    });
    const db = new Database(files.path('m.db'));
    db.pragma('foreign_keys = ON');
    expect(migrate(db, 'm.db', readMigrations(folder))).toBe(2);
    // with foreign keys on, dropping p would have deleted every row of c first
    expect(db.prepare('SELECT count(*) FROM c').pluck().get()).toBe(3);
    expect(db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'p'").pluck().get()).toMatch(/NOT NULL/);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    // and they hold again
    expect(() => db.prepare('INSERT INTO c VALUES (9)').run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('rolls back a rebuild that would leave rows without their parent, and keeps foreign keys on', () => {
    const folder = folderWith({
      '001_first.sql':
        'CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER NOT NULL REFERENCES p (id) ON DELETE CASCADE); ' +
        'INSERT INTO p VALUES (1), (2); INSERT INTO c VALUES (1), (2);',
      '002_lossy.sql':
        '-- kindling: foreign keys off\n' +
        'CREATE TABLE p_new (id INTEGER PRIMARY KEY); INSERT INTO p_new SELECT id FROM p WHERE id = 1; ' +
        'DROP TABLE p; ALTER TABLE p_new RENAME TO p;',
    });
    const db = new Database(files.path('m.db'));
    db.pragma('foreign_keys = ON');
    expect(() => migrate(db, 'm.db', readMigrations(folder))).toThrow(
      /002_lossy\.sql failed and was rolled back.*1 row\(s\) would be left without their parent \(the first in c, of p\)/,
    );
    expect(pragmas(db)).toEqual([APPLICATION_ID, 1]);
    expect(db.prepare('SELECT count(*) FROM p').pluck().get()).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});
