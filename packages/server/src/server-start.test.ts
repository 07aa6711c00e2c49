/**
 * A server on SQLite opens every file it keeps at start: a streak database that cannot be read
 * (damaged, or another kind of file) stops the start with an error that names it, rather than a
 * server that says it is ready and answers 503 to every event.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import { SettingsError } from './settings.js';
import { testSettings } from './test-server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('starting on SQLite', () => {
  it('fails, naming the file, when the streak database is not one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-start-'));
    dirs.push(dir);
    const first = await startServer(testSettings(dir), { listen: false });
    const recorded = await first.app.inject({
      method: 'POST',
      url: '/v1/metrics/lessons/event',
      headers: { 'x-api-key': first.firstStart?.applicationKey.key ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify({ user: { id: 'ada' }, value: 1 }),
    });
    expect(recorded.statusCode).toBe(201);
    await first.close();
    for (const suffix of ['-wal', '-shm']) rmSync(join(dir, `kindling.db${suffix}`), { force: true });
    writeFileSync(join(dir, 'kindling.db'), Buffer.alloc(8192, 0x5a));
    await expect(startServer(testSettings(dir), { listen: false })).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: expect.stringMatching(/kindling\.db/),
    });
  });

  it('fails, naming the folder and the setting, when the data folder cannot be made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-start-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    const under = join(dir, 'a-file', 'data');
    const failure = await startServer(testSettings(under), { listen: false }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SettingsError);
    expect((failure as Error).message).toMatch(/KINDLING_DATA_DIR.*a-file.*ENOTDIR/);
  });
});
