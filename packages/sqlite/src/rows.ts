/**
 * Between rows and the core's types: user ids and idempotency keys as BLOBs of UTF-16 code units
 * (big-endian, so that byte order is JavaScript's string order), and JSON columns read back with a
 * StoreError that names the row when they do not parse.
 */
import type { Rollup, UserState } from '@kindling/core/adapter';
import { storeError } from './errors.js';
import { decodeRollup, decodeState } from './state-codec.js';

/** A string as the BLOB that keys it: its UTF-16 code units, big-endian. Lossless, even for lone surrogates. */
export function encodeKey(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

/** The string a key BLOB holds. */
export function decodeKey(blob: Uint8Array): string {
  return Buffer.from(blob).swap16().toString('utf16le');
}

/** Parses a JSON column; `what` names the row in the error (a function when naming it costs: it is called only on failure). */
export function parseJson<T>(label: string, what: string | (() => string), text: unknown): T {
  const name = () => (typeof what === 'string' ? what : what());
  if (typeof text !== 'string')
    throw storeError(
      label,
      `${name()} is not JSON text (found ${text === null ? 'NULL' : typeof text}); the file is damaged`,
      undefined,
      true,
    );
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw storeError(
      label,
      `${name()} does not parse as JSON (${(error as Error).message}); the file is damaged`,
      error,
      true,
    );
  }
}

/** Parses a user's state column and checks that it holds an object (a user state). */
export function parseUser(label: string, account: string, userId: string, text: unknown): UserState {
  // Named only when something is wrong: this runs on every event and every read.
  const what = () => `the stored state of user ${JSON.stringify(userId)} (account ${JSON.stringify(account)})`;
  const stored = parseJson<unknown>(label, what, text);
  // The compact form (state-codec.ts), or the JSON object every row held before it.
  const user = Array.isArray(stored) ? decodeState(stored) : stored;
  if (user === null || user === undefined || typeof user !== 'object' || Array.isArray(user)) {
    throw storeError(label, `${what()} is not a Kindling user state; the file is damaged`);
  }
  return user as UserState;
}

/** Parses a user's open rollups (null: none are open) and checks that they are a list. */
export function parseOpenRollups(label: string, account: string, userId: string, text: unknown): Rollup[] {
  if (text === null || text === undefined) return [];
  const what = () => `the open rollups of user ${JSON.stringify(userId)} (account ${JSON.stringify(account)})`;
  const stored = parseJson<unknown>(label, what, text);
  if (!Array.isArray(stored)) throw storeError(label, `${what()} are not a list of rollups; the file is damaged`);
  const open: Rollup[] = [];
  for (const row of stored) {
    const rollup = decodeRollup(row);
    if (rollup === undefined) throw storeError(label, `${what()} are not a list of rollups; the file is damaged`);
    open.push(rollup);
  }
  return open;
}

export interface RollupRow {
  metric: string;
  day_start: number;
  day: number;
  value: number;
  last_at: number;
  version: number;
}

export function rollupOf(row: RollupRow): Rollup {
  return {
    metric: row.metric,
    dayStart: row.day_start,
    day: row.day,
    value: row.value,
    lastAt: row.last_at,
    version: row.version,
  };
}
