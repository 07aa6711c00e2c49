/**
 * What a dashboard session was signed in with, and whether that still holds. A session made with an
 * admin key lasts while the key is not revoked; one made with the password while the account's
 * password is the one it was made with. Both are read through the key cache, so a session ends when
 * its key or password does: at once in the process that revoked the key, within `cacheMs` in others,
 * and at once everywhere on a route that asks its credentials `fresh` (the key routes).
 * Signing in with a key, and every request of the session it made, count as uses of the key.
 */
import type { Account, ApiKeyRecord, Session, SessionSource } from '../control/types.js';
import { passwordStamp } from '../secrets.js';
import type { KeyCache } from './key-cache.js';

export function keySource(record: ApiKeyRecord): SessionSource {
  return { kind: 'key', keyId: record.id, keyHash: record.hash };
}

/** The source of a session signed in with the account's password (which it has). */
export function passwordSource(account: Account & { passwordHash: string }): SessionSource {
  return { kind: 'password', stamp: passwordStamp(account.passwordHash) };
}

/**
 * True while the key or password the session was signed in with is still valid. A session made
 * with a key acts with it: each request it admits, at `now`, is a use of the key.
 */
export async function sourceHolds(keys: KeyCache, session: Session, now: number, fresh = false): Promise<boolean> {
  const source = session.source;
  if (source?.kind === 'key') {
    const record = await keys.findByHash(source.keyHash, fresh);
    const holds =
      record !== null && record.revokedAt === null && record.kind === 'admin' && record.accountId === session.accountId;
    if (holds) keys.markUsed(record, now);
    return holds;
  }
  if (source?.kind === 'password') {
    const account = await keys.account(session.accountId, fresh);
    return account !== null && account.passwordHash !== null && passwordStamp(account.passwordHash) === source.stamp;
  }
  // A session stored before sources were recorded: nothing to check it against, so it has ended.
  return false;
}
