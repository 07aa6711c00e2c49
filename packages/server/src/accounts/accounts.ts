/**
 * Creating accounts and their keys. The first start of a server creates the operator account with a
 * starter metric and a daily streak over it, so that the first event shows a streak at once.
 */
import type { Control } from '../control/control.js';
import type { Account, ApiKeyRecord, KeyKind } from '../control/types.js';
import { newId } from '../random-ids.js';
import { hashPassword, newKey } from '../secrets.js';
import { STARTER_METRIC, STARTER_RULE } from './starter-rule.js';

export interface NewKey {
  record: ApiKeyRecord;
  /** the whole key: shown once, never stored */
  key: string;
}

/** A new key of the account; an application key given `bound` acts for that one user (of that namespace) only. */
export async function createKey(
  control: Control,
  accountId: string,
  kind: KeyKind,
  name: string,
  at: number,
  bound: { userId: string; tenantId: string | null } | null = null,
): Promise<NewKey> {
  const { key, prefix, hash } = newKey(kind);
  const record: ApiKeyRecord = {
    id: newId(),
    accountId,
    name,
    kind,
    prefix,
    hash,
    created: new Date(at).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
    ...(bound !== null ? { userId: bound.userId, tenantId: bound.tenantId } : {}),
  };
  await control.addKey(record);
  return { record, key };
}

export interface NewAccount {
  account: Account;
  adminKey: NewKey;
  applicationKey: NewKey;
}

export async function createAccount(
  control: Control,
  input: { name: string; operator: boolean; password: string | null; at: number },
): Promise<NewAccount> {
  const account: Account = {
    id: newId(),
    name: input.name,
    created: new Date(input.at).toISOString(),
    operator: input.operator,
    passwordHash: input.password === null ? null : await hashPassword(input.password),
  };
  await control.createAccount(account);
  const adminKey = await createKey(control, account.id, 'admin', 'first admin key', input.at);
  const applicationKey = await createKey(control, account.id, 'application', 'first application key', input.at);
  return { account, adminKey, applicationKey };
}

/** The first start's account, or null when the server already holds one. */
export async function bootstrap(
  control: Control,
  options: { password: string | null; at: number },
): Promise<NewAccount | null> {
  if ((await control.accounts()).length > 0) return null;
  // Several processes may start at once on an empty Redis: only the one that claims the first start makes the account.
  if (!(await control.kv.swap('first-start', null, new Date(options.at).toISOString()))) return null;
  const created = await createAccount(control, {
    name: 'default',
    operator: true,
    password: options.password,
    at: options.at,
  });
  await control.changeConfig(created.account.id, (config) => ({
    ...config,
    metrics: [{ id: newId(), ...STARTER_METRIC, status: 'active', created: new Date(options.at).toISOString() }],
    streak: structuredClone(STARTER_RULE),
  }));
  return created;
}
