/**
 * What may change in an account's API keys beyond making one (`accounts.ts`): application keys made
 * in bulk, each bound to one user of one namespace (a blank user id is its item's issue), and
 * application keys revoked in bulk (an admin key's id, or a key revoked already, is an issue as an
 * id that names none). Keys are records of their own in the control plane, not one document: each
 * is written alone. The caller's key cache hears of each key revoked.
 */
import type { ApiKeyRecord } from '../control/types.js';
import type { AccountDeps } from './account-deps.js';
import { createKey, type NewKey } from './accounts.js';
import { issue, missingIdIssue, type Issue } from './issues.js';

/** Makes an application key for each item's user in the namespace of `tenantId` (null: the account's own). */
export async function createApplicationKeys(
  deps: AccountDeps,
  accountId: string,
  tenantId: string | null,
  items: readonly { userId: string }[],
): Promise<{ applied: Array<NewKey & { userId: string }>; issues: Issue[] }> {
  const applied: Array<NewKey & { userId: string }> = [];
  const issues: Issue[] = [];
  for (const [index, item] of items.entries()) {
    if (item.userId.trim() === '') {
      issues.push(issue({ index }, 'userId must not be blank'));
      continue;
    }
    const made = await createKey(deps.control, accountId, 'application', `for user ${item.userId}`, deps.clock(), {
      userId: item.userId,
      tenantId,
    });
    applied.push({ ...made, userId: item.userId });
  }
  return { applied, issues };
}

/**
 * Revokes the live application keys with these ids: their records as revoked, and the issue of each
 * other id. `revoked` hears of each key as soon as it is revoked (a cache forgets it at once, even if
 * a later one fails).
 */
export async function revokeApplicationKeys(
  deps: AccountDeps,
  accountId: string,
  ids: readonly string[],
  revoked: (record: ApiKeyRecord) => void = () => {},
): Promise<{ applied: ApiKeyRecord[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const applied: ApiKeyRecord[] = [];
  const issues: Issue[] = [];
  for (const id of ids) {
    const key = await deps.control.key(accountId, id);
    const live = key !== null && key.kind === 'application' && key.revokedAt === null;
    const record = live ? await deps.control.revokeKey(accountId, id, at) : null;
    if (record === null) {
      issues.push(missingIdIssue(id, 'Application API key'));
      continue;
    }
    revoked(record);
    applied.push(record);
  }
  return { applied, issues };
}
