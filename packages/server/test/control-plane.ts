/**
 * Tests' control plane without HTTP: a real one on a SQLite file in a temporary folder, holding one
 * account, and a way to make another writer win the account's configuration once: the first read
 * of it is answered, and before the reader can write, a second control plane on the same file
 * changes it, so the reader's compare-and-set fails and its change runs again. Not part of the
 * package's API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlKV } from '@kindling/core/adapter';
import { sqliteControlKV } from '@kindling/sqlite';
import { createAccount } from '../src/accounts/accounts.js';
import { Control } from '../src/control/control.js';
import type { AccountConfig } from '../src/control/types.js';

export interface TestControl {
  control: Control;
  accountId: string;
  /** Makes a rival writer apply `change` to the configuration between this plane's next read of it and its write. */
  raceOnce(change: (config: AccountConfig) => AccountConfig): void;
  /** how many times the configuration was read */
  configReads(): number;
  close(): Promise<void>;
}

export async function openTestControl(at: number): Promise<TestControl> {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-control-'));
  const file = join(dir, 'control.db');
  const rival = new Control(sqliteControlKV(file));
  let pending: ((config: AccountConfig) => AccountConfig) | null = null;
  let reads = 0;
  let accountId = '';
  const kv = sqliteControlKV(file);
  const raced: ControlKV = new Proxy(kv, {
    get(target, name, receiver) {
      const member = Reflect.get(target, name, receiver);
      if (name !== 'get' || typeof member !== 'function') return member;
      return async (key: string) => {
        const text = await member.call(target, key);
        if (key !== `config:${accountId}`) return text;
        reads++;
        const change = pending;
        pending = null;
        if (change !== null) await rival.changeConfig(accountId, change);
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
      pending = change;
    },
    configReads: () => reads,
    async close() {
      await control.close();
      await rival.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
