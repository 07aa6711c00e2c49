import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlKV } from '@kindling/core/adapter';
import { sqliteControlKV } from '@kindling/sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createKey } from '../accounts/accounts.js';
import { Control } from './control.js';
import type { ApiKeyRecord } from './types.js';

/**
 * The control plane on a real SQLite file, with every character it reads and writes counted as it
 * passes (the work is the file's own): what one key costs must not grow with the keys the account
 * holds. An application key is made per user, so an account may hold as many as it has users.
 */
function countingKV(kv: ControlKV): { kv: ControlKV; moved: () => number } {
  let chars = 0;
  const count = (value: unknown): void => {
    chars += JSON.stringify(value ?? null).length;
  };
  const counted = new Proxy(kv, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver);
      if (typeof member !== 'function') return member;
      return async (...args: unknown[]) => {
        for (const arg of args) count(arg);
        const answer = await member.apply(target, args);
        count(answer);
        return answer;
      };
    },
  });
  return { kv: counted, moved: () => chars };
}

const HELD = 2_000;
let dir: string;
let control: Control;
let moved: () => number;
let accountId: string;
const at = Date.parse('2026-03-02T10:00:00Z');

/** Characters moved by `work` alone. */
async function charsOf(work: () => Promise<unknown>): Promise<number> {
  const before = moved();
  await work();
  return moved() - before;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kindling-keys-at-scale-'));
  const counting = countingKV(sqliteControlKV(join(dir, 'control.db')));
  moved = counting.moved;
  control = new Control(counting.kv);
  accountId = (await createAccount(control, { name: 'acme', operator: false, password: null, at })).account.id;
});
afterAll(async () => {
  await control.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an account holding many application keys', () => {
  it('creates, finds, marks used and revokes one key with as little work as when it held a few', async () => {
    const bound = (n: number) => ({ userId: `user-${n}`, tenantId: null });
    const few = await createKey(control, accountId, 'application', 'first', at, bound(0));
    const firstCreate = await charsOf(() => createKey(control, accountId, 'application', 'next', at, bound(1)));
    await control.touchKeys(accountId, { [few.record.id]: new Date(at).toISOString() });
    const firstFind = await charsOf(() => control.keyByHash(few.record.hash));
    const firstRevoke = await charsOf(() => control.revokeKey(accountId, few.record.id, new Date(at).toISOString()));

    const made = [];
    for (let n = 2; n < HELD; n++) made.push(await createKey(control, accountId, 'application', 'user', at, bound(n)));
    await control.touchKeys(accountId, Object.fromEntries(made.map((m) => [m.record.id, new Date(at).toISOString()])));
    const last = made.at(-1)!;

    const lastCreate = await charsOf(() => createKey(control, accountId, 'application', 'next', at, bound(HELD)));
    const lastFind = await charsOf(() => control.keyByHash(last.record.hash));
    const lastRevoke = await charsOf(() => control.revokeKey(accountId, last.record.id, new Date(at).toISOString()));

    // The same work but for the digits of a longer user id: far from the 2,000 keys' list.
    expect(lastCreate).toBeLessThan(firstCreate * 1.2);
    expect(lastFind).toBeLessThan(firstFind * 1.2);
    expect(lastRevoke).toBeLessThan(firstRevoke * 1.2);
    expect((await control.keyByHash(last.record.hash))?.revokedAt).toBe(new Date(at).toISOString());
    // the account's first admin and application keys, and user-0 to user-2000
    const listed = await control.keys(accountId);
    expect(listed).toHaveLength(2 + HELD + 1);
    expect(listed.slice(2).map((k) => k.userId)).toEqual(Array.from({ length: HELD + 1 }, (_, n) => `user-${n}`));
  });
});

/** A key's record as the control plane keeps it, for data written by hand in an older layout. */
function keyRecord(accountId: string, id: string, hash: string, kind: 'admin' | 'application'): ApiKeyRecord {
  const prefix = kind === 'admin' ? 'kd_admin_x' : 'kd_app_x';
  const created = new Date(at).toISOString();
  return { id, accountId, name: id, kind, prefix, hash, created, lastUsedAt: null, revokedAt: null };
}

describe('keys written before each key was a field of its account', () => {
  it('are listed first in their list order, found by id and revoked, and the list document is left empty', async () => {
    const kv = sqliteControlKV(join(dir, 'before.db'));
    const old = new Control(kv);
    const account = 'acct-old';
    const record = (id: string, hash: string) => keyRecord(account, id, hash, 'admin');
    for (const [id, hash] of [
      ['zz-first', 'h1'],
      ['aa-second', 'h2'],
    ] as const)
      await kv.put(`key:${hash}`, JSON.stringify(record(id, hash)));
    await kv.put(`keys:${account}`, JSON.stringify(['h1', 'h2']));
    await old.addKey({ ...record('mm-new', 'h3'), kind: 'application' });

    expect((await old.keys(account)).map((k) => k.id)).toEqual(['zz-first', 'aa-second', 'mm-new']);
    expect(await kv.get(`keys:${account}`)).toBe('[]');
    expect((await old.revokeKey(account, 'aa-second', new Date(at).toISOString()))?.revokedAt).not.toBeNull();
    expect((await old.keyByHash('h2'))?.revokedAt).not.toBeNull();
    expect(await old.key('another-account', 'zz-first')).toBeNull();
    await old.close();
  });
});

describe('a key an older process adds to the list document while it is being moved', () => {
  it('is moved too, found by id and revoked, and listed after the keys moved before it', async () => {
    const real = sqliteControlKV(join(dir, 'race.db'));
    const account = 'acct-race';
    const record = (id: string, hash: string) => keyRecord(account, id, hash, 'application');
    await real.put('key:h1', JSON.stringify(record('k1', 'h1')));
    await real.put(`keys:${account}`, JSON.stringify(['h1']));
    // An older server appends k2 to the list as this one is about to drop or replace the list.
    let raced = false;
    const olderProcessAppends = async () => {
      if (raced) return;
      raced = true;
      await real.put('key:h2', JSON.stringify(record('k2', 'h2')));
      await real.put(`keys:${account}`, JSON.stringify(['h1', 'h2']));
    };
    const kv: typeof real = {
      ...real,
      remove: async (key) => {
        if (key === `keys:${account}`) await olderProcessAppends();
        return real.remove(key);
      },
      swap: async (key, expected, next) => {
        if (key === `keys:${account}`) await olderProcessAppends();
        return real.swap(key, expected, next);
      },
    };
    const control = new Control(kv);
    expect((await control.keys(account)).map((k) => k.id)).toEqual(['k1', 'k2']);
    expect((await control.revokeKey(account, 'k2', new Date(at).toISOString()))?.revokedAt).not.toBeNull();
    await control.close();
  });
});
