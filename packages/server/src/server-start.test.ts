/**
 * A server on SQLite opens every file it keeps at start: a streak database that cannot be read
 * (damaged, or another kind of file) or written stops the start with an error that names it,
 * rather than a server that says it is ready and answers 503 to every event.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './server.js';
import { SettingsError } from './settings.js';
import { testSettings } from '../test/server.js';

const dirs: string[] = [];
const immutable: string[] = [];
afterEach(() => {
  for (const file of immutable.splice(0)) execFileSync('chattr', ['-i', file]);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Takes away this process's right to write `file`, as a wrong owner or mode would: its mode for a
 * user, the immutable flag for root (whom no mode stops). False where neither can be done here.
 */
function makeUnwritable(file: string): boolean {
  if (process.getuid?.() !== 0) {
    chmodSync(file, 0o444);
    return true;
  }
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
  } catch {
    return false;
  }
  immutable.push(file);
  return true;
}

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

  it('fails, naming the file, when any database it keeps cannot be written (its owner or mode, say, after a restore)', async (context) => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-start-'));
    dirs.push(dir);
    await (await startServer(testSettings(dir), { listen: false })).close();
    const files = readdirSync(dir).filter((name) => name.endsWith('.db'));
    expect(files).toContain('kindling.db');
    expect(files).toContain('control.db');
    for (const name of files) {
      if (!makeUnwritable(join(dir, name)))
        context.skip('neither a file mode nor chattr +i can stop this process writing');
      const failure = await startServer(testSettings(dir), { listen: false }).then(
        async (server) => {
          await server.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(failure, name).toMatchObject({ code: 'STORE_ERROR', message: expect.stringContaining(name) });
      expect((failure as Error).message).toMatch(/cannot be written/);
      if (process.getuid?.() === 0) execFileSync('chattr', ['-i', join(dir, name)]);
      else chmodSync(join(dir, name), 0o644);
      immutable.splice(immutable.indexOf(join(dir, name)), 1);
    }
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
