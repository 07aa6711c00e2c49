/**
 * A database file deleted or replaced under an open store: SQLite would go on writing to the file
 * it has open, which no one will open again, and every event acknowledged from then on would be
 * lost at the next start. The store refuses those writes instead, with a StoreError that says what
 * happened (the service answers 503 STORE_UNAVAILABLE), while the file it has open still answers reads.
 * The file is looked at once every FILE_CHECK_MS at most: the tests wait that long after taking it.
 */
const lookedAgain = () => new Promise((resolve) => setTimeout(resolve, FILE_CHECK_MS * 2));
import { renameSync, rmSync } from 'node:fs';
import { createEngine } from '@kindling/core';
import { describe, expect, it } from 'vitest';
import { FILE_CHECK_MS } from './open.js';
import { useTempFiles } from '../test/temp.js';

const files = useTempFiles();
const AT = Date.parse('2026-03-02T10:00:00Z');

function engineOn(name: string) {
  return createEngine({
    store: files.open(name),
    clock: () => AT,
    metrics: ['lessons'],
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
  });
}

describe('a database file taken away from an open store', () => {
  it('deleted: the next write is refused, saying so, and reads still answer', async () => {
    const engine = engineOn('deleted.db');
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    for (const suffix of ['', '-wal', '-shm']) rmSync(files.path(`deleted.db${suffix}`), { force: true });
    await lookedAgain();
    await expect(engine.record({ userId: 'ada', metric: 'lessons', value: 1 })).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: expect.stringMatching(/deleted\.db.*deleted or replaced/),
      lasting: true,
    });
    expect((await engine.user('ada'))?.totals).toMatchObject({ lessons: 1 });
  });

  it.each(['-wal', '-shm'])(
    'its %s file deleted alone: the next write is refused, saying so (what the log held would go at the next start)',
    async (suffix) => {
      const engine = engineOn(`log${suffix}.db`);
      await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
      rmSync(files.path(`log${suffix}.db${suffix}`));
      await lookedAgain();
      await expect(engine.record({ userId: 'ada', metric: 'lessons', value: 1 })).rejects.toMatchObject({
        code: 'STORE_ERROR',
        message: expect.stringMatching(new RegExp(`log${suffix}\\.db${suffix}.*deleted or replaced`)),
      });
    },
  );

  it('replaced by another file: the next write is refused, saying so', async () => {
    const engine = engineOn('replaced.db');
    await engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
    const other = engineOn('other.db');
    await other.record({ userId: 'bea', metric: 'lessons', value: 1 });
    renameSync(files.path('other.db'), files.path('replaced.db'));
    await lookedAgain();
    await expect(engine.record({ userId: 'ada', metric: 'lessons', value: 1 })).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: expect.stringMatching(/deleted or replaced/),
    });
  });
});

describe('a probe (what readiness asks)', () => {
  it('passes while the files are there and rejects at once, without waiting for the next look, once one is deleted', async () => {
    const { sqliteControlKV, sqliteDeliveryQueue } = await import('./index.js');
    const store = files.open('probed.db');
    const kv = sqliteControlKV(files.path('probed-control.db'));
    const queue = sqliteDeliveryQueue(files.path('probed-deliveries.db'));
    const probed = [store, kv, queue] as const;
    for (const it of probed) await expect(it.probe?.()).resolves.toBeUndefined();
    for (const name of ['probed.db', 'probed-control.db', 'probed-deliveries.db'])
      for (const suffix of ['', '-wal', '-shm']) rmSync(files.path(`${name}${suffix}`), { force: true });
    for (const it of probed)
      await expect(it.probe?.()).rejects.toMatchObject({ code: 'STORE_ERROR', message: /deleted or replaced/ });
    await kv.close();
    await queue.close();
  });
});

describe('the control plane and the delivery queue', () => {
  it('refuse every operation once their file is deleted, saying so, and still close', async () => {
    const { sqliteControlKV, sqliteDeliveryQueue } = await import('./index.js');
    const kv = sqliteControlKV(files.path('control.db'));
    const queue = sqliteDeliveryQueue(files.path('deliveries.db'));
    await kv.put('k', 'v');
    expect(await queue.claim(AT, 10, 1000)).toEqual([]);
    for (const name of ['control.db', 'deliveries.db'])
      for (const suffix of ['', '-wal', '-shm']) rmSync(files.path(`${name}${suffix}`), { force: true });
    await lookedAgain();
    await expect(kv.put('k', 'w')).rejects.toMatchObject({ code: 'STORE_ERROR', message: /deleted or replaced/ });
    await expect(queue.claim(AT, 10, 1000)).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: /deleted or replaced/,
    });
    await kv.close();
    await queue.close();
  });
});
