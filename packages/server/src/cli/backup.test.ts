import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './main.js';
import { dataDir, fakeIo, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
let work: string;
beforeEach(async () => {
  d = await dataDir();
  work = mkdtempSync(join(tmpdir(), 'kindling-backup-cli-'));
});
afterEach(() => {
  d.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('kindling backup', () => {
  it('writes the data folder to one file, telling its progress on stderr and what it holds on stdout', async () => {
    const file = join(work, 'backup.tar');
    const taken = await d.cli(['backup', file]);
    expect(taken.code, taken.err).toBe(0);
    expect(taken.out).toContain(`Backed up ${d.dir} to ${file}`);
    expect(taken.out).toMatch(/control\.db\s+\d/);
    expect(taken.out).toContain(`kindling restore --data NEW_FOLDER ${file}`);
    expect(taken.err).toMatch(/100%/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('with --json prints one document and nothing on stderr', async () => {
    const file = join(work, 'backup.tar');
    const taken = await d.cli(['backup', '--json', file]);
    expect(taken.code).toBe(0);
    expect(taken.err).toBe('');
    const result = JSON.parse(taken.out) as {
      file: string;
      bytes: number;
      manifest: { files: Array<{ name: string }> };
    };
    expect(result.file).toBe(file);
    expect(result.bytes).toBe(statSync(file).size);
    expect(result.manifest.files.map((f) => f.name)).toContain('control.db');
  });

  it('refuses to overwrite a file without --force, and a folder without data, each exit 1 naming what to do', async () => {
    const file = join(work, 'backup.tar');
    expect((await d.cli(['backup', file])).code).toBe(0);
    const again = await d.cli(['backup', file]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/exists already: name a new file, or pass --force/);
    expect((await d.cli(['backup', '--force', file])).code).toBe(0);
    const empty = mkdtempSync(join(work, 'empty-'));
    const none = await d.cli(['backup', '--data', empty, join(work, 'other.tar')]);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/holds no Kindling data/);
  });

  it('without FILE is a usage mistake (exit 2)', async () => {
    const missing = await d.cli(['backup']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/missing FILE/);
  });

  it('on Redis says to back up Redis itself', async () => {
    const io = fakeIo({ REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'silent' });
    expect(await runCli(['backup', join(work, 'backup.tar')], io)).toBe(1);
    expect(io.err()).toMatch(/keeps everything in Redis: back up Redis itself/);
  });
});
