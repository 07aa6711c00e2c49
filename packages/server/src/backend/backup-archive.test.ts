import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDir, type DataDir } from '../../test/cli-io.js';
import { openBackend } from './backend.js';
import { BackupError, MANIFEST_NAME, restoreBackup, takeBackup } from './backup-archive.js';
import { BACKUP_ORDER, DATA_FILES } from './data-files.js';
import { Engines } from '../engines/engines.js';
import { parseSettings } from '../settings.js';

let d: DataDir;
let work: string;
beforeEach(async () => {
  d = await dataDir();
  work = mkdtempSync(join(tmpdir(), 'kindling-backup-'));
});
afterEach(() => {
  d.remove();
  rmSync(work, { recursive: true, force: true });
});

const AT = Date.parse('2026-01-05T10:00:00Z');

async function record(dir: string, accountId: string, users: readonly string[]): Promise<void> {
  const backend = openBackend(parseSettings({ KINDLING_DATA_DIR: dir }));
  const { engine } = await new Engines(backend, 0).runtimeFor(accountId);
  for (const userId of users) await engine.record({ userId, metric: 'lessons', value: 1, at: AT });
  await backend.close();
}

async function streakOf(dir: string, accountId: string, userId: string): Promise<number> {
  const backend = openBackend(parseSettings({ KINDLING_DATA_DIR: dir }));
  try {
    const { engine } = await new Engines(backend, 0).runtimeFor(accountId);
    return (await engine.streak(userId, { at: AT })).length;
  } finally {
    await backend.close();
  }
}

/** A tar archive at `file` of the files `entries` writes into a folder of its own. */
async function archive(file: string, entries: (dir: string) => string[]): Promise<void> {
  const cwd = join(mkdtempSync(join(work, 'craft-')), 'in');
  mkdirSync(cwd);
  await create({ file, cwd, portable: true, preservePaths: true }, entries(cwd));
}

/** A real backup's entries, unpacked: the manifest and the databases, to be tampered with. */
async function realEntries(): Promise<string> {
  await record(d.dir, d.first.account.id, ['ann']);
  const file = join(work, 'real.tar');
  await takeBackup(d.dir, file);
  const dir = mkdtempSync(join(work, 'real-'));
  const { extract } = await import('tar');
  await extract({ file, cwd: dir });
  return dir;
}

async function refusal(file: string, into: string): Promise<string> {
  const failure = await restoreBackup(file, into).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(Error);
  return (failure as Error).message;
}

describe('a backup of a data folder', () => {
  it('holds every data file in the order of their snapshots, and restores into a folder a server opens with the same data', async () => {
    await record(d.dir, d.first.account.id, ['ann', 'bob']);
    const file = join(work, 'backup.tar');
    const taken = await takeBackup(d.dir, file);
    expect(taken.manifest.files.map((f) => f.name)).toEqual(BACKUP_ORDER);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(work)).toEqual(['backup.tar']);

    const into = join(work, 'restored');
    const restored = await restoreBackup(file, into);
    expect(restored.replacedInto).toBeNull();
    expect(readdirSync(into).sort()).toEqual([...BACKUP_ORDER].sort());
    for (const name of BACKUP_ORDER) expect(statSync(join(into, name)).mode & 0o777).toBe(0o600);
    expect(await streakOf(into, d.first.account.id, 'ann')).toBe(1);
    expect(await streakOf(into, d.first.account.id, 'bob')).toBe(1);
    const backend = openBackend(parseSettings({ KINDLING_DATA_DIR: into }));
    expect((await backend.control.accounts()).map((a) => a.id)).toEqual([d.first.account.id]);
    await backend.close();
  });

  it('names every file the data folder has: a new one in DATA_FILES is backed up', () => {
    expect([...BACKUP_ORDER].sort()).toEqual(Object.values(DATA_FILES).sort());
    // the deliveries after the streak file, whose outbox hands entries on to them
    expect(BACKUP_ORDER.indexOf(DATA_FILES.deliveries)).toBeGreaterThan(BACKUP_ORDER.indexOf(DATA_FILES.streaks));
  });

  it('refuses a folder without data, a file that exists (unless forced), a folder as the file and a file in no folder', async () => {
    const empty = mkdtempSync(join(work, 'empty-'));
    await expect(takeBackup(empty, join(work, 'a.tar'))).rejects.toThrow(/holds no Kindling data \(no control\.db\)/);
    const file = join(work, 'kept.tar');
    writeFileSync(file, 'mine');
    await expect(takeBackup(d.dir, file)).rejects.toThrow(/exists already: name a new file, or pass --force/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    await takeBackup(d.dir, file, { force: true });
    expect(statSync(file).size).toBeGreaterThan(4096);
    await expect(takeBackup(d.dir, join(work, 'no', 'such', 'a.tar'))).rejects.toThrow(/is not a folder/);
    const folder = mkdtempSync(join(work, 'folder-'));
    await expect(takeBackup(d.dir, folder, { force: true })).rejects.toThrow(/exists and is not a file/);
  });
});

describe('a restore', () => {
  it('refuses a folder that holds anything, and leaves it as it was', async () => {
    const file = join(work, 'backup.tar');
    await takeBackup(d.dir, file);
    const into = mkdtempSync(join(work, 'busy-'));
    writeFileSync(join(into, 'notes.txt'), 'mine');
    expect(await refusal(file, into)).toMatch(/is not empty \(notes\.txt\).*pass --force/);
    expect(readdirSync(into)).toEqual(['notes.txt']);
  });

  it('forced, moves the data there aside with its -wal and -shm, and puts the backup in its place', async () => {
    await record(d.dir, d.first.account.id, ['ann']);
    const file = join(work, 'backup.tar');
    await takeBackup(d.dir, file);
    await record(d.dir, d.first.account.id, ['carl']);
    // What a stopped server's crash leaves beside its files: a log that must not meet the restored file.
    writeFileSync(join(d.dir, `${DATA_FILES.streaks}-wal`), 'an old log');
    writeFileSync(join(d.dir, `${DATA_FILES.streaks}-shm`), 'an old index');
    const restored = await restoreBackup(file, d.dir, { force: true, clock: () => AT });
    expect(restored.replacedInto).toBe(join(d.dir, 'replaced-2026-01-05T10-00-00-000Z'));
    expect(readdirSync(restored.replacedInto as string).sort()).toEqual(
      [...BACKUP_ORDER, `${DATA_FILES.streaks}-shm`, `${DATA_FILES.streaks}-wal`].sort(),
    );
    expect(existsSync(join(d.dir, `${DATA_FILES.streaks}-wal`))).toBe(false);
    expect(await streakOf(d.dir, d.first.account.id, 'ann')).toBe(1);
    expect(await streakOf(d.dir, d.first.account.id, 'carl')).toBe(0);
  });

  it('refuses a damaged backup before placing anything, and makes no folder', async () => {
    const file = join(work, 'backup.tar');
    await takeBackup(d.dir, file);
    const bytes = readFileSync(file);
    // A byte in the middle of the archive: inside one of the databases.
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] as number) ^ 0xff;
    writeFileSync(file, bytes);
    const into = join(work, 'never');
    expect(await refusal(file, into)).toMatch(/is not the file that was backed up.*the backup is damaged/);
    expect(existsSync(into)).toBe(false);
  });

  it('refuses a database whose pages are unsound though its digest matches', async () => {
    const dir = await realEntries();
    const path = join(dir, DATA_FILES.streaks);
    const bytes = readFileSync(path);
    bytes.fill(0x5a, 4096, 8192);
    writeFileSync(path, bytes);
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_NAME), 'utf8')) as {
      files: Array<{ name: string; sha256: string }>;
    };
    const { createHash } = await import('node:crypto');
    for (const f of manifest.files)
      if (f.name === DATA_FILES.streaks) f.sha256 = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(join(dir, MANIFEST_NAME), JSON.stringify(manifest));
    const file = join(work, 'unsound.tar');
    await create({ file, cwd: dir, portable: true }, [MANIFEST_NAME, ...BACKUP_ORDER]);
    const into = join(work, 'never');
    expect(await refusal(file, into)).toMatch(/kindling\.db.*(integrity check|corrupted|malformed|not a SQLite)/);
    expect(existsSync(into)).toBe(false);
  });

  it.each([
    [
      'an entry outside the folder',
      (dir: string) => {
        writeFileSync(join(dir, '..', 'x'), 'x');
        return ['../x'];
      },
      /holds what a Kindling backup does not|cannot be read as a backup/,
    ],
    [
      'a link',
      (dir: string) => {
        symlinkSync('/etc/passwd', join(dir, DATA_FILES.control));
        return [DATA_FILES.control];
      },
      /holds what a Kindling backup does not: "control\.db" \(SymbolicLink\)/,
    ],
    [
      'a folder',
      (dir: string) => {
        mkdirSync(join(dir, DATA_FILES.control));
        return [DATA_FILES.control];
      },
      /holds what a Kindling backup does not: "control\.db\/" \(Directory\)/,
    ],
    [
      'a file of another name',
      (dir: string) => {
        writeFileSync(join(dir, 'evil.sh'), 'rm -rf /');
        return ['evil.sh'];
      },
      /holds what a Kindling backup does not: "evil\.sh"/,
    ],
    [
      'no manifest',
      (dir: string) => {
        writeFileSync(join(dir, DATA_FILES.control), 'x');
        return [DATA_FILES.control];
      },
      /no kindling-backup\.json/,
    ],
  ])('refuses an archive with %s, placing nothing', async (_what, entries, message) => {
    const file = join(work, 'hostile.tar');
    await archive(file, entries);
    const into = join(work, 'never');
    expect(await refusal(file, into)).toMatch(message);
    expect(existsSync(into)).toBe(false);
  });

  it.each([
    ['not JSON', '{', /is not JSON/],
    ['another format', JSON.stringify({ format: 'other', version: 1 }), /does not say format "kindling-backup"/],
    ['a newer format version', JSON.stringify({ format: 'kindling-backup', version: 2 }), /format version is 2/],
    [
      'a file named __proto__',
      '{"format":"kindling-backup","version":1,"takenAt":"2026-01-05T10:00:00Z","files":[{"name":"__proto__","bytes":1,"sha256":"00"}]}',
      /lists a file that is not a data folder's: "__proto__"/,
    ],
    [
      'a size of 1e308',
      JSON.stringify({
        format: 'kindling-backup',
        version: 1,
        takenAt: '2026-01-05T10:00:00Z',
        files: [{ name: 'control.db', bytes: 1e308, sha256: '0'.repeat(64) }],
      }),
      /the size of control\.db is not a number of bytes/,
    ],
    [
      'a file twice',
      JSON.stringify({
        format: 'kindling-backup',
        version: 1,
        takenAt: '2026-01-05T10:00:00Z',
        files: [
          { name: 'control.db', bytes: 1, sha256: '0'.repeat(64) },
          { name: 'control.db', bytes: 1, sha256: '0'.repeat(64) },
        ],
      }),
      /lists control\.db twice/,
    ],
    [
      'no control.db',
      JSON.stringify({ format: 'kindling-backup', version: 1, takenAt: '2026-01-05T10:00:00Z', files: [] }),
      /holds no control\.db/,
    ],
  ])('refuses a manifest with %s', async (_what, text, message) => {
    const file = join(work, 'bad-manifest.tar');
    await archive(file, (dir) => {
      writeFileSync(join(dir, MANIFEST_NAME), text);
      return [MANIFEST_NAME];
    });
    const into = join(work, 'never');
    expect(await refusal(file, into)).toMatch(message);
    expect(existsSync(into)).toBe(false);
  });

  it('refuses a file that is not a tar archive, one that does not exist, and a file as the data folder', async () => {
    const file = join(work, 'not.tar');
    writeFileSync(file, 'x'.repeat(10_000));
    const failure = await restoreBackup(file, join(work, 'never')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupError);
    await expect(restoreBackup(join(work, 'missing.tar'), join(work, 'never'))).rejects.toThrow(/no backup file/);
    await expect(restoreBackup(file, file)).rejects.toThrow(/is not a folder: name the data folder/);
    expect(existsSync(join(work, 'never'))).toBe(false);
  });
});
