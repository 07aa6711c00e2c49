import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeStoreConformance } from '@kindling/testing/conformance';
import { afterAll } from 'vitest';
import { sqliteStore } from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-sqlite-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const paths = new WeakMap<object, string>();

describeStoreConformance(
  'sqlite file',
  () => {
    const path = join(dir, `store-${++files}.db`);
    const store = sqliteStore({ path });
    paths.set(store, path);
    return store;
  },
  {
    reopen: async (store) => {
      const path = paths.get(store)!;
      await store.close();
      return sqliteStore({ path });
    },
  },
);

describeStoreConformance('sqlite :memory:', () => sqliteStore({ path: ':memory:' }));
