import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { StoreError } from '@kindling/core';
import { describeControlKVConformance } from '@kindling/testing/conformance';
import { afterAll, describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { sqliteControlKV } from './control-kv.js';

const dir = mkdtempSync(join(tmpdir(), 'kindling-control-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

describeControlKVConformance('SQLite file', () => sqliteControlKV(join(dir, `control-${++files}.db`)));

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** Another process that takes the exclusive lock of `path`, says so, and lets it go after `ms`. */
async function holdLock(path: string, ms: number): Promise<{ released: Promise<void> }> {
  const holder = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(path)});
       db.exec('BEGIN EXCLUSIVE');
       console.log('locked');
       setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const released = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  for await (const line of createInterface({ input: holder.stdout })) if (line === 'locked') break;
  return { released };
}

describe('the control plane on a SQLite file', () => {
  const files = useTempFiles();

  it('waits for another process that holds the file locked longer than the driver’s default 5 s, within its own busy timeout, and opens', async () => {
    const path = files.path('control.db');
    const { released } = await holdLock(path, 6000);
    const kv = sqliteControlKV(path);
    try {
      await kv.put('a', 'one');
      expect(await kv.get('a')).toBe('one');
    } finally {
      await kv.close();
      await released;
    }
  });

  it('fails with a StoreError naming the file when the file is not a database or is closed', async () => {
    const path = files.path('not-a-database.db');
    writeFileSync(
      path,
      'this is not SQLite, and long enough to have a header of one hundred bytes........................................',
    );
    expect(() => sqliteControlKV(path)).toThrow(StoreError);
    expect(() => sqliteControlKV(path)).toThrow(/not-a-database\.db.*not a SQLite database/);
    const kv = sqliteControlKV(files.path('closed.db'));
    await kv.close();
    await expect(kv.get('a')).rejects.toThrow(StoreError);
    await expect(kv.put('a', 'one')).rejects.toThrow(/closed\.db.*closed/);
  });
});
