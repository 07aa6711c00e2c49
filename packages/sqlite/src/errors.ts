/**
 * How a SQLite failure becomes a StoreError from @kindling/core: every message names the file and
 * says what is wrong with it, in words a person running the service can act on.
 */
import { StoreError } from '@kindling/core';
import Database from 'better-sqlite3';

/** Whether `path` names SQLite's private in-memory database rather than a file. */
export function isInMemory(path: string): boolean {
  return path === ':memory:' || path === '';
}

/** How a store names its database in messages. */
export function labelOf(path: string): string {
  return isInMemory(path) ? 'the in-memory SQLite database' : `SQLite file ${JSON.stringify(path)}`;
}

/** A StoreError about one database; `lasting` when no retry can mend it (StoreError.lasting). */
export function storeError(label: string, problem: string, cause?: unknown, lasting = false): StoreError {
  return new StoreError(`${label}: ${problem}`, { ...(cause === undefined ? {} : { cause }), lasting });
}

/** Driver answers that say the file itself is damaged: trying again reads the same bytes. */
function isDamage(code: string): boolean {
  return code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT');
}

function problemOf(error: InstanceType<typeof Database.SqliteError>): string {
  const code = error.code;
  if (code === 'SQLITE_NOTADB') return `is not a SQLite database, or its header is damaged (${error.message})`;
  if (code.startsWith('SQLITE_CORRUPT')) return `is corrupted (${error.message}); restore it from a backup`;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return `is locked by another connection (${error.message}); a write waits up to the busy timeout before failing`;
  if (code.startsWith('SQLITE_CANTOPEN'))
    return `cannot be opened (${error.message}); check that its folder exists and is writable`;
  if (code.startsWith('SQLITE_READONLY')) return `is read-only (${error.message})`;
  if (code === 'SQLITE_FULL') return `cannot grow: the disk is full (${error.message})`;
  if (code.startsWith('SQLITE_IOERR')) return `could not be read or written (${code}: ${error.message})`;
  if (code.startsWith('SQLITE_CONSTRAINT')) return `refused a write that breaks the schema (${error.message})`;
  return `failed (${code}: ${error.message})`;
}

/** Turns a driver failure into a StoreError; anything else (a step's own error) goes through as is. */
export function toStoreError(label: string, error: unknown): unknown {
  if (error instanceof Database.SqliteError) return storeError(label, problemOf(error), error, isDamage(error.code));
  if (error instanceof TypeError && /database connection is not open/.test(error.message)) {
    return storeError(label, 'the store is closed', error);
  }
  return error;
}
