/**
 * Numbered, forward-only migrations: `migrations/NNN_name.sql`, shipped with the package and found
 * next to this module at run time. `PRAGMA user_version` is the number of the last one applied;
 * `PRAGMA application_id` marks the file as Kindling's. Each migration runs in its own IMMEDIATE
 * transaction that checks the version again first, so processes opening a new file at once apply
 * each migration exactly once, and a failed migration leaves the file as it was.
 *
 * A migration that rebuilds a table other tables refer to (SQLite's way to change a table: create
 * the new one, copy, drop the old, rename) starts with the line `-- kindling: foreign keys off`.
 * It then runs with foreign keys off, as SQLite asks for such a rebuild: with them on, dropping
 * the old table would first delete every row that refers to it. Before its transaction commits,
 * `PRAGMA foreign_key_check` must find no row left without its parent, or it is rolled back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { StoreError } from '@kindling/core';
import { storeError } from './errors.js';

/** `PRAGMA application_id` of Kindling files: "KNDL". */
export const APPLICATION_ID = 0x4b4e444c;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The first line of a migration that must run with foreign keys off. */
const FOREIGN_KEYS_OFF = '-- kindling: foreign keys off';

/** Whether `migration` runs with foreign keys off (see the header). */
function needsForeignKeysOff(migration: Migration): boolean {
  return migration.sql.startsWith(FOREIGN_KEYS_OFF);
}

/** Fails the migration's transaction when a row refers to a parent that is not there. */
function checkForeignKeys(db: Database.Database): void {
  const orphans = db.prepare('PRAGMA foreign_key_check').all() as { table: string; parent: string }[];
  const first = orphans[0];
  if (first !== undefined)
    throw new Error(
      `${orphans.length} row(s) would be left without their parent (the first in ${first.table}, of ${first.parent})`,
    );
}

/** The folder of the package's migrations (the same relative path from src/ and from dist/). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Reads `NNN_name.sql` files in order; their numbers must run 1, 2, 3, … without gaps. */
export function readMigrations(folder: string = MIGRATIONS_FOLDER): Migration[] {
  const migrations = readdirSync(folder)
    .filter((name) => /^\d+_[\w-]+\.sql$/.test(name))
    .map((name) => ({ version: Number.parseInt(name, 10), name, sql: readFileSync(`${folder}/${name}`, 'utf8') }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, i) => {
    if (migration.version !== i + 1)
      throw new Error(`@kindling/sqlite: migration ${migration.name} in ${folder} should be number ${i + 1}`);
  });
  return migrations;
}

/** What a database is, as far as Kindling is concerned. */
export interface Identity {
  readonly applicationId: number;
  readonly version: number;
  readonly tables: number;
}

/** Reads the three in one transaction: a process creating the file may commit between two reads. */
export function readIdentity(db: Database.Database): Identity {
  return db
    .transaction(() => ({
      applicationId: db.pragma('application_id', { simple: true }) as number,
      version: db.pragma('user_version', { simple: true }) as number,
      tables: db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        .pluck()
        .get() as number,
    }))
    .deferred();
}

/** Refuses a database that Kindling did not create or that a newer Kindling migrated. */
export function checkIdentity(identity: Identity, label: string, latest: number): void {
  const empty = identity.applicationId === 0 && identity.version === 0 && identity.tables === 0;
  if (identity.applicationId !== APPLICATION_ID && !empty) {
    throw storeError(
      label,
      `is a SQLite database of another application (application_id ${identity.applicationId}, user_version ${identity.version}, ${identity.tables} tables), not a Kindling store; Kindling leaves it untouched`,
    );
  }
  if (identity.version > latest) {
    throw storeError(
      label,
      `has schema version ${identity.version}, written by a newer @kindling/sqlite; this version knows up to ${latest}. Upgrade @kindling/sqlite (schemas only move forward)`,
    );
  }
}

/** Applies every migration above the file's version, each in its own transaction. Returns the version reached. */
export function migrate(
  db: Database.Database,
  label: string,
  migrations: readonly Migration[] = readMigrations(),
): number {
  const latest = migrations.length;
  let version = readIdentity(db).version;
  for (const migration of migrations) {
    if (migration.version <= version) continue;
    const keysOff = needsForeignKeysOff(migration);
    // a no-op inside a transaction: set before it, and put back after it whatever happened
    const keysBefore = keysOff ? (db.pragma('foreign_keys', { simple: true }) as number) : 0;
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        const identity = readIdentity(db);
        checkIdentity(identity, label, latest);
        if (identity.version >= migration.version) return;
        db.exec(migration.sql);
        if (keysOff) checkForeignKeys(db);
        db.pragma(`application_id = ${APPLICATION_ID}`);
        db.pragma(`user_version = ${migration.version}`);
      }).immediate();
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw storeError(
        label,
        `migration ${migration.name} failed and was rolled back; the schema stays at version ${version} (${(error as Error).message})`,
        error,
      );
    } finally {
      if (keysOff) db.pragma(`foreign_keys = ${keysBefore === 1 ? 'ON' : 'OFF'}`);
    }
    version = migration.version;
  }
  return Math.max(version, readIdentity(db).version);
}
