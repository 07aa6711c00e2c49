import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBackend } from '../backend/backend.js';
import { parseSettings } from '../settings.js';
import { runCli } from './main.js';
import { dataDir, fakeIo, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
let work: string;
let file: string;
beforeEach(async () => {
  d = await dataDir();
  work = mkdtempSync(join(tmpdir(), 'kindling-restore-cli-'));
  file = join(work, 'backup.tar');
  expect((await d.cli(['backup', file])).code).toBe(0);
});
afterEach(() => {
  d.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('kindling restore', () => {
  it('makes a new data folder holding the backed-up account, and says how to start on it', async () => {
    const into = join(work, 'restored');
    const restored = await d.cli(['restore', '--data', into, file]);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain(`into ${into}:`);
    expect(restored.out).toContain(`kindling start --data ${into}`);
    const backend = openBackend(parseSettings({ KINDLING_DATA_DIR: into }), { existing: true });
    expect((await backend.control.accounts()).map((a) => a.id)).toEqual([d.first.account.id]);
    await backend.close();
  });

  it('refuses a folder that holds anything (exit 1, code BACKUP with --json), and with --force moves its data aside', async () => {
    const refused = await d.cli(['restore', '--json', '--data', d.dir, file]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.err)).toMatchObject({ code: 'BACKUP' });
    expect(JSON.parse(refused.err).error).toMatch(/is not empty .*pass --force/);
    const forced = await d.cli(['restore', '--force', '--data', d.dir, file]);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toMatch(/The data that was there is in .*replaced-/);
    expect(readdirSync(d.dir).filter((name) => name.startsWith('replaced-'))).toHaveLength(1);
  });

  it('refuses what is not a backup, placing nothing', async () => {
    const bogus = join(work, 'bogus.tar');
    writeFileSync(bogus, 'x'.repeat(5000));
    const into = join(work, 'never');
    const refused = await d.cli(['restore', '--data', into, bogus]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^kindling: .*bogus\.tar/);
    expect(existsSync(into)).toBe(false);
  });

  it('on Redis says to restore Redis from its own files', async () => {
    const io = fakeIo({ REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'silent' });
    expect(await runCli(['restore', file], io)).toBe(1);
    expect(io.err()).toMatch(/keeps everything in Redis: restore Redis from its own files/);
  });
});
