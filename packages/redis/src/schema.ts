/**
 * The account's schema version: set to SCHEMA_VERSION on first use. An older or newer version, or
 * anything that is not a version, is a SchemaError: this adapter never writes over data it does not
 * know, and never resets it.
 */
import { StoreError } from '@kindling/core';
import type { Connection } from './connection.js';
import type { AccountKeys } from './keys.js';
import { migrateToPartitions } from './migrate-partitions.js';

/**
 * 4: a user's points states may be packed in the state (packPoints of @kindling/core/adapter: an
 * array where 3 had the object keyed by system; codec.ts); a 3 is marked 4 on open, nothing
 * rewritten: its states are read as they are and packed at each user's next write, and an adapter
 * of 3 then refuses the account rather than misread it. 3: the account's structures in partitions
 * (partition.ts); 2: compact user keys (state with tails, one data hash), the account's structures
 * under its own tag (moved to 4 on open, migrate-partitions.ts); 1: one hash field per held period
 * and per rollup.
 */
export const SCHEMA_VERSION = 4;

/** The account holds a layout this adapter does not read; `found` is what the schema key holds. */
export class SchemaError extends StoreError {
  readonly found: string | null;
  readonly expected: number;
  constructor(message: string, options: ErrorOptions & { readonly found: string | null }) {
    // a schema this version cannot read stays so until it is migrated: no retry mends it
    super(message, { cause: options.cause, lasting: true });
    this.found = options.found;
    this.expected = SCHEMA_VERSION;
  }
}

function problem(key: string, stored: string | null): string {
  const version = Number(stored);
  if (stored !== null && /^\d+$/.test(stored) && version > SCHEMA_VERSION) {
    return `${key} says schema version ${version}, newer than this adapter's ${SCHEMA_VERSION}: upgrade @kindling/redis`;
  }
  if (stored === '1') {
    return (
      `${key} says schema version 1, the layout before compact user keys (a hash field per held period and per rollup); ` +
      `this adapter reads only version ${SCHEMA_VERSION} and has changed nothing: keep the account on the @kindling/redis that wrote it, ` +
      `or open this store on a new keyPrefix or account and record into it`
    );
  }
  return `${key} does not hold a schema version this adapter knows (expected "${SCHEMA_VERSION}", found ${JSON.stringify(stored)})`;
}

export async function ensureSchema(connection: Connection, keys: AccountKeys): Promise<void> {
  const key = keys.schema;
  await connection.run(connection.client.set(key, String(SCHEMA_VERSION), 'NX'), key);
  const stored = await connection.run(connection.client.get(key), key);
  if (stored === '2') {
    process.emitWarning(
      `@kindling/redis: moving ${key}'s account to partitions (schema version 2 → ${SCHEMA_VERSION})`,
      {
        code: 'KINDLING_MIGRATION',
      },
    );
    const moved = await migrateToPartitions(connection, keys);
    await connection.run(connection.client.set(key, String(SCHEMA_VERSION)), key);
    process.emitWarning(
      `@kindling/redis: ${key}'s account moved to partitions: ${moved.users} users, ${moved.lines} index lines, ${moved.listed} outbox users`,
      { code: 'KINDLING_MIGRATION' },
    );
    return;
  }
  // only a mark: a state of 3 is one of 4 that has no packed points
  if (stored === '3') {
    await connection.run(connection.client.set(key, String(SCHEMA_VERSION)), key);
    return;
  }
  if (stored !== String(SCHEMA_VERSION)) throw new SchemaError(problem(key, stored), { found: stored });
}
