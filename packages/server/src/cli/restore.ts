/**
 * `kindling restore [--data DIR] [--force] FILE`: a data folder made from a backup of `kindling
 * backup`, checked whole before anything is placed (backend/backup-archive.ts).
 */
import { restoreBackup } from '../backend/backup-archive.js';
import { sqliteDataDir } from './account.js';
import { positionals } from './args.js';
import { beginCommand, type Command } from './command.js';
import { formatBytes } from './progress.js';

const FLAGS = { data: 'string', force: 'boolean' } as const;

const HELP = `usage: kindling restore [--data DIR] [--force] FILE

Makes the data folder DIR from FILE, a backup written by kindling backup. Every file of the backup
is checked first (its size and SHA-256, SQLite's integrity check, a schema this version reads);
nothing is placed unless all pass. DIR must be new or empty: with --force, the data files already
there are moved into DIR/replaced-<time>/ and the backup's put in their place. Stop the server on
DIR first; start it again once the restore is done.

  --data DIR   the folder to make (default ./data, or KINDLING_DATA_DIR)
  --force      replace the data of a folder that holds some (moved aside, not deleted)
  --json       print the result as JSON`;

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'make a SQLite data folder from a backup',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const [file] = positionals(args, ['FILE']) as [string];
    const dataDir = sqliteDataDir(
      args,
      io.env,
      'kindling restore makes a SQLite data folder, and this server keeps everything in Redis: restore Redis from its own files (docs/operations.md)',
    );
    const restored = await restoreBackup(file, dataDir, { force: args.booleans.has('force') });
    out.result(restored, (r) => [
      `Restored ${file} (taken ${r.manifest.takenAt}) into ${r.dir}:`,
      ...r.manifest.files.map((f) => `  ${f.name.padEnd(14)} ${formatBytes(f.bytes)}`),
      ...(r.replacedInto === null ? [] : [`The data that was there is in ${r.replacedInto}.`]),
      `Start the server on it: kindling start --data ${r.dir}`,
    ]);
    return 0;
  },
};
