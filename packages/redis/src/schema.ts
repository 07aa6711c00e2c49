/**
 * The account's schema version: set to SCHEMA_VERSION on first use. A newer version, or anything
 * that is not a version, is a StoreError: this adapter never writes over data it does not know.
 */
import { StoreError } from '@kindling/core';
import { attempt, type Connection } from './connection.js';

export const SCHEMA_VERSION = 1;

export async function ensureSchema(connection: Connection, key: string): Promise<void> {
  await attempt(connection.client.set(key, String(SCHEMA_VERSION), 'NX'), key);
  const stored = await attempt(connection.client.get(key), key);
  if (stored === String(SCHEMA_VERSION)) return;
  const version = Number(stored);
  if (stored !== null && /^\d+$/.test(stored) && version > SCHEMA_VERSION) {
    throw new StoreError(`${key} says schema version ${version}, newer than this adapter's ${SCHEMA_VERSION}: upgrade @kindling/redis`);
  }
  throw new StoreError(`${key} does not hold a schema version this adapter knows (expected "${SCHEMA_VERSION}", found ${JSON.stringify(stored)})`);
}
