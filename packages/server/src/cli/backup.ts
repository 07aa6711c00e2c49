/**
 * `kindling backup [--data DIR] FILE`: one file holding a consistent copy of the SQLite data folder,
 * taken while the server runs (backend/backup-archive.ts), with its progress on stderr. On Redis
 * there is nothing of the server's to copy: Redis is backed up with its own files.
 */
import { resolve } from 'node:path';
import { takeBackup } from '../backend/backup-archive.js';
import { sqliteDataDir } from './account.js';
import { positionals } from './args.js';
import { beginCommand, type Command } from './command.js';
import { formatBytes, Progress } from './progress.js';

const FLAGS = { data: 'string', force: 'boolean' } as const;

const HELP = `usage: kindling backup [--data DIR] [--force] FILE

Writes FILE: a copy of every SQLite file of the data folder (accounts, keys, configuration, streak
data, webhook deliveries), each taken with SQLite's online backup API while the server goes on
running, and checked before it is kept. FILE is a tar archive readable by its owner only: it holds
the webhook signing secrets. Restore it with kindling restore.

  --data DIR   folder of the SQLite files (default ./data, or KINDLING_DATA_DIR)
  --force      replace FILE if it exists
  --json       print the result as JSON

On Redis (REDIS_URL, REDIS_CLUSTER_NODES) back up Redis itself: docs/operations.md.`;

const MB = 1024 * 1024;

export const backupCommand: Command = {
  name: 'backup',
  summary: 'copy the SQLite data folder into one file while the server runs',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const [file] = positionals(args, ['FILE']) as [string];
    const dataDir = sqliteDataDir(
      args,
      io.env,
      'kindling backup copies a SQLite data folder, and this server keeps everything in Redis: back up Redis itself (its RDB snapshot or append-only file; docs/operations.md)',
    );
    const started = Date.now();
    let bar: Progress | null = null;
    const taken = await takeBackup(dataDir, file, {
      force: args.booleans.has('force'),
      onProgress: ({ copiedBytes, totalBytes }) => {
        if (out.json) return;
        bar ??= new Progress(io.stderr, totalBytes, { unit: 'bytes', rateLabel: 'MB/s' });
        bar.update(copiedBytes, copiedBytes / MB);
      },
    });
    (bar as Progress | null)?.finish();
    const seconds = (Date.now() - started) / 1000;
    out.result({ ...taken, seconds }, (t) => [
      `Backed up ${resolve(dataDir)} to ${t.file} (${formatBytes(t.bytes)} in ${seconds.toFixed(1)} s), as of ${t.manifest.takenAt}:`,
      ...t.manifest.files.map((f) => `  ${f.name.padEnd(14)} ${formatBytes(f.bytes)}`),
      `Restore it with: kindling restore --data NEW_FOLDER ${t.file}`,
    ]);
    return 0;
  },
};
