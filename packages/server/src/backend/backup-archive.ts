/**
 * A backup of a SQLite data folder as one file, and a data folder made from one. The file is a tar
 * archive (POSIX, uncompressed: SQLite pages compress little, and any tool lists it) holding
 * `kindling-backup.json` (the format, when it was taken, each file's size and SHA-256) and a copy of
 * each database of the folder (data-files.ts), each taken with SQLite's online backup API by
 * @kindling/sqlite while the server goes on writing, every snapshot opened before the first page is
 * copied, and checked (`PRAGMA integrity_check`) before it goes in.
 *
 * A backup is written beside its destination and renamed into place once complete and synced, so a
 * file at that name is always a whole backup. A restore unpacks into a folder of its own inside the
 * data folder, checks everything (only the files a backup holds, their sizes and digests, each
 * database's integrity, no schema newer than this version reads) and only then moves the files into
 * place; it refuses a folder that holds anything unless forced, and then moves what it replaces
 * aside rather than delete it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { APPLICATION_ID, backupDatabases, verifyDatabase } from '@kindling/sqlite';
import { create, extract } from 'tar';
import { BACKUP_ORDER, COMPANION_SUFFIXES, DATA_FILES } from './data-files.js';
import { makeFolder } from './make-folder.js';

/** The archive's first entry: what it holds. */
export const MANIFEST_NAME = 'kindling-backup.json';
export const BACKUP_FORMAT = 'kindling-backup';
export const BACKUP_VERSION = 1;
/** A manifest is a few hundred bytes; a larger one is not ours. */
const MANIFEST_LIMIT = 64 * 1024;

/** A backup or restore that cannot be done as asked (the folder, the file, the archive's content). */
export class BackupError extends Error {}

export interface BackupFile {
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface Manifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: typeof BACKUP_VERSION;
  /** when the snapshots were taken (ISO 8601) */
  readonly takenAt: string;
  readonly files: readonly BackupFile[];
}

export interface BackupProgress {
  readonly copiedBytes: number;
  readonly totalBytes: number;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Syncs a file or folder to disk (a folder: the names in it, after a rename). */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a backup of the data folder `dataDir` to `file` while a server may be running on it.
 * Refuses a folder without data (no control.db) and, unless `force`, a `file` that exists.
 */
export async function takeBackup(
  dataDir: string,
  file: string,
  options: { force?: boolean; clock?: () => number; onProgress?: (progress: BackupProgress) => void } = {},
): Promise<{ file: string; bytes: number; manifest: Manifest }> {
  const dir = resolve(dataDir);
  const target = resolve(file);
  if (!(await exists(join(dir, DATA_FILES.control))))
    throw new BackupError(`${dir} holds no Kindling data (no ${DATA_FILES.control}): name the data folder with --data`);
  const there = await stat(target).catch(() => null);
  if (there !== null && !there.isFile())
    throw new BackupError(`${target} exists and is not a file: name the file to write, not a folder`);
  if (there !== null && options.force !== true)
    throw new BackupError(`${target} exists already: name a new file, or pass --force to replace it`);
  if (!(await stat(dirname(target)).catch(() => null))?.isDirectory())
    throw new BackupError(`${dirname(target)} is not a folder: the backup is written there, so make it first`);
  const names: string[] = [];
  for (const name of BACKUP_ORDER) if (await exists(join(dir, name))) names.push(name);
  const work = await mkdtemp(join(dirname(target), `.${basename(target)}.`));
  const partial = join(work, 'backup.tar');
  try {
    const takenAt = new Date((options.clock ?? Date.now)()).toISOString();
    await backupDatabases(
      names.map((name) => ({ from: join(dir, name), to: join(work, name) })),
      options.onProgress === undefined ? {} : { onProgress: options.onProgress },
    );
    const files: BackupFile[] = [];
    for (const name of names) {
      verifyDatabase(join(work, name));
      files.push({ name, bytes: (await stat(join(work, name))).size, sha256: await sha256Of(join(work, name)) });
    }
    const manifest: Manifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, takenAt, files };
    const manifestFile = await open(join(work, MANIFEST_NAME), 'wx', 0o600);
    await manifestFile.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
    await manifestFile.close();
    // The archive may hold signing secrets: readable by its owner only, from its first byte.
    await pipeline(
      create({ cwd: work, portable: true, strict: true }, [MANIFEST_NAME, ...names]),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await syncPath(partial);
    await rename(partial, target);
    await syncPath(dirname(target));
    return { file: target, bytes: (await stat(target)).size, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The manifest's content, checked field by field: anything else is not a backup of this format. */
function parseManifest(text: string, file: string): Manifest {
  const refuse = (why: string): never => {
    throw new BackupError(`${file} is not a Kindling backup this version reads: ${why}`);
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(`${MANIFEST_NAME} is not JSON`);
  }
  const m = value as Partial<Record<keyof Manifest, unknown>>;
  if (typeof value !== 'object' || value === null || m.format !== BACKUP_FORMAT)
    return refuse(`${MANIFEST_NAME} does not say format "${BACKUP_FORMAT}"`);
  if (m.version !== BACKUP_VERSION)
    return refuse(`its format version is ${JSON.stringify(m.version)}; this version reads ${BACKUP_VERSION}`);
  if (typeof m.takenAt !== 'string' || Number.isNaN(Date.parse(m.takenAt))) return refuse('it says no time taken');
  if (!Array.isArray(m.files)) return refuse('it lists no files');
  const known = new Set(BACKUP_ORDER);
  const seen = new Set<string>();
  const files = m.files.map((entry: unknown): BackupFile => {
    const f = entry as Partial<Record<keyof BackupFile, unknown>>;
    if (typeof entry !== 'object' || entry === null || typeof f.name !== 'string' || !known.has(f.name))
      return refuse(`it lists a file that is not a data folder's: ${JSON.stringify(f?.name ?? entry)}`);
    if (seen.has(f.name)) return refuse(`it lists ${f.name} twice`);
    seen.add(f.name);
    if (typeof f.bytes !== 'number' || !Number.isSafeInteger(f.bytes) || f.bytes < 0)
      return refuse(`the size of ${f.name} is not a number of bytes`);
    if (typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256))
      return refuse(`the digest of ${f.name} is not a SHA-256`);
    return { name: f.name, bytes: f.bytes, sha256: f.sha256 };
  });
  if (!seen.has(DATA_FILES.control)) return refuse(`it holds no ${DATA_FILES.control}`);
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, takenAt: m.takenAt, files };
}

/**
 * Unpacks the backup `file` into `work` and checks it: only the manifest and the files it lists,
 * each of its size and digest, sound, and of a schema this version reads. The manifest, once checked.
 */
async function unpackChecked(file: string, work: string): Promise<Manifest> {
  const allowed = new Set([MANIFEST_NAME, ...BACKUP_ORDER]);
  const refused: string[] = [];
  const unpacked = new Set<string>();
  try {
    await extract({
      file,
      cwd: work,
      strict: true,
      // Plain files with the names a backup holds, each once; no folder, link, device or path.
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        const ok = type === 'File' && allowed.has(path) && !unpacked.has(path);
        if (ok) unpacked.add(path);
        else refused.push(`${JSON.stringify(path)} (${type})`);
        return ok;
      },
    });
  } catch (error) {
    throw new BackupError(`${file} cannot be read as a backup: ${(error as Error).message}`);
  }
  if (refused.length > 0)
    throw new BackupError(`${file} holds what a Kindling backup does not: ${refused.slice(0, 5).join(', ')}`);
  const manifestPath = join(work, MANIFEST_NAME);
  if (!unpacked.has(MANIFEST_NAME)) throw new BackupError(`${file} is not a Kindling backup: no ${MANIFEST_NAME}`);
  if ((await stat(manifestPath)).size > MANIFEST_LIMIT)
    throw new BackupError(`${file} is not a Kindling backup: its ${MANIFEST_NAME} is too large`);
  const manifest = parseManifest(await readFile(manifestPath, 'utf8'), file);
  const listed = new Set(manifest.files.map((f) => f.name));
  for (const name of unpacked)
    if (name !== MANIFEST_NAME && !listed.has(name))
      throw new BackupError(`${file} holds ${name}, which its manifest does not list`);
  for (const entry of manifest.files) {
    const path = join(work, entry.name);
    if (!unpacked.has(entry.name)) throw new BackupError(`${file} lacks ${entry.name}, which its manifest lists`);
    const bytes = (await stat(path)).size;
    if (bytes !== entry.bytes || (await sha256Of(path)) !== entry.sha256)
      throw new BackupError(
        `${file}: ${entry.name} is not the file that was backed up (${bytes} bytes, the manifest says ${entry.bytes}; or its SHA-256 differs): the backup is damaged`,
      );
    const identity = verifyDatabase(path);
    if (entry.name === DATA_FILES.streaks && identity.applicationId !== APPLICATION_ID)
      throw new BackupError(`${file}: its ${entry.name} is not a Kindling streak file`);
  }
  return manifest;
}

/**
 * Makes the data folder `dataDir` from the backup `file`, checked whole first. Refuses a folder that
 * holds anything unless `force`; forced, the data files there (with their -wal and -shm) are moved
 * into `replaced-<time>/` inside it. The server must not be running on the folder.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  options: { force?: boolean; clock?: () => number } = {},
): Promise<{ dir: string; manifest: Manifest; replacedInto: string | null }> {
  const source = resolve(file);
  const dir = resolve(dataDir);
  if (!(await stat(source).catch(() => null))?.isFile()) throw new BackupError(`no backup file ${source}`);
  const there = await stat(dir).catch(() => null);
  if (there !== null && !there.isDirectory())
    throw new BackupError(`${dir} is not a folder: name the data folder to make (--data)`);
  const made = there === null;
  if (made) makeFolder(dir);
  const present = (await readdir(dir)).filter((name) => !name.startsWith('.restore-'));
  if (present.length > 0 && options.force !== true)
    throw new BackupError(
      `${dir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore into a new or empty folder, or pass --force to move the data there aside and put the backup's in its place (stop the server on it first)`,
    );
  const work = await mkdtemp(join(dir, '.restore-'));
  try {
    const manifest = await unpackChecked(source, work);
    let replacedInto: string | null = null;
    const replaced = present.filter((name) =>
      BACKUP_ORDER.some((data) => name === data || COMPANION_SUFFIXES.some((suffix) => name === `${data}${suffix}`)),
    );
    if (replaced.length > 0) {
      const stamp = new Date((options.clock ?? Date.now)()).toISOString().replace(/[:.]/g, '-');
      replacedInto = join(dir, `replaced-${stamp}`);
      await mkdir(replacedInto, { mode: 0o700 });
      for (const name of replaced) await rename(join(dir, name), join(replacedInto, name));
    }
    for (const entry of manifest.files) {
      await chmod(join(work, entry.name), 0o600);
      await syncPath(join(work, entry.name));
      await rename(join(work, entry.name), join(dir, entry.name));
    }
    await syncPath(dir);
    return { dir, manifest, replacedInto };
  } catch (error) {
    if (made) {
      await rm(work, { recursive: true, force: true });
      await rmdir(dir).catch(() => {});
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
