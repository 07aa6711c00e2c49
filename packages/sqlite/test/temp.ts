/**
 * A temporary folder per test, removed afterwards, and the stores opened in it closed first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '@kindling/core';
import { afterEach, beforeEach } from 'vitest';
import { sqliteStore, type SqliteStoreOptions } from '../src/index.js';

export interface TempFiles {
  /** a path inside this test's folder */
  path(name: string): string;
  /** opens a store whose file lives in this test's folder (closed after the test) */
  open(name: string, options?: Omit<SqliteStoreOptions, 'path'>): Store;
}

export function useTempFiles(): TempFiles {
  let dir: string | undefined;
  const stores: Store[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kindling-sqlite-'));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const path = (name: string) => {
    if (dir === undefined) throw new Error('useTempFiles: no test is running');
    return join(dir, name);
  };
  return {
    path,
    open(name, options = {}) {
      const store = sqliteStore({ path: path(name), ...options });
      stores.push(store);
      return store;
    },
  };
}
