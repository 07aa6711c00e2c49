/**
 * An account's API key records as the admin routes read and end them one at a time: a page of the
 * account's keys, the record of a key's hash, and one key revoked (null when no key of the
 * account has the id). Bulk changes of keys are in `keys.ts`, making one in `accounts.ts`.
 */
import type { ApiKeyRecord } from '../control/types.js';
import type { AccountDeps } from './account-deps.js';

type Keys = Pick<AccountDeps, 'control'>;

/** A page of the account's keys. */
export function listKeys(
  deps: Keys,
  accountId: string,
  page: { skip: number; limit: number },
): Promise<ApiKeyRecord[]> {
  return deps.control.keys(accountId, page);
}

/** The key whose secret hashes to `hash`, or null. */
export function findKeyByHash(deps: Keys, hash: string): Promise<ApiKeyRecord | null> {
  return deps.control.keyByHash(hash);
}

/** Revokes the account's key `id` at the clock's instant; null when the account has no such key. */
export function revokeKey(deps: AccountDeps, accountId: string, id: string): Promise<ApiKeyRecord | null> {
  return deps.control.revokeKey(accountId, id, new Date(deps.clock()).toISOString());
}
