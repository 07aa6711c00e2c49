/**
 * Tests' control plane without HTTP: a real one on a SQLite file in a temporary folder, holding one
 * account, and a way to make another writer win one of its documents once: the next read of the
 * configuration (or of the tenants) is answered, and before the reader can write, a second control
 * plane on the same file changes it, so the reader's compare-and-set fails and its change runs
 * again. Not part of the package's API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlKV } from '@kindling/core/adapter';
import { sqliteControlKV } from '@kindling/sqlite';
import { createAccount } from '../src/accounts/accounts.js';
import { Control } from '../src/control/control.js';
import type { AccountConfig, Tenant } from '../src/control/types.js';

export interface TestControl {
  control: Control;
  accountId: string;
  /** Makes a rival writer apply `change` to the configuration between this plane's next read of it and its write. */
  raceOnce(change: (config: AccountConfig) => AccountConfig): void;
  /** The same for the account's tenants. */
  raceTenantsOnce(change: (tenants: Tenant[]) => Tenant[]): void;
  /** how many times the configuration was read */
  configReads(): number;
  close(): Promise<void>;
}

export async function openTestControl(at: number): Promise<TestControl> {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-control-'));
  const file = join(dir, 'control.db');
  const rival = new Control(sqliteControlKV(file));
  /** what the rival writes, by the document it waits for a read of */
  const pending = new Map<string, () => Promise<unknown>>();
  let reads = 0;
  let accountId = '';
  const kv = sqliteControlKV(file);
  const raced: ControlKV = new Proxy(kv, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver);
      if (name !== 'get' || typeof member !== 'function') return member;
      return async (key: string) => {
        const text = await member.call(target, key);
        if (key === `config:${accountId}`) reads++;
        const rivalWrite = pending.get(key);
        pending.delete(key);
        if (rivalWrite !== undefined) await rivalWrite();
        return text;
      };
    },
  });
  const control = new Control(raced);
  accountId = (await createAccount(control, { name: 'acme', operator: false, password: null, at })).account.id;
  return {
    control,
    accountId,
    raceOnce(change) {
      pending.set(`config:${accountId}`, () => rival.changeConfig(accountId, change));
    },
    raceTenantsOnce(change) {
      pending.set(`tenants:${accountId}`, () => rival.changeTenants(accountId, change));
    },
    configReads: () => reads,
    async close() {
      await control.close();
      await rival.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
