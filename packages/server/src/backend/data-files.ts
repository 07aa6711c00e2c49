/**
 * The SQLite files of a data folder (KINDLING_DATA_DIR): the one list that the backend opens and
 * that `kindling backup` copies and `kindling restore` places, so that a file added to the folder
 * is backed up as soon as the server uses it.
 */

export const DATA_FILES = {
  /** accounts, keys, configuration, tenants, sessions, webhook endpoints, rebuild progress */
  control: 'control.db',
  /** every account's streak data, with the webhook outbox */
  streaks: 'kindling.db',
  /** webhook deliveries and their log */
  deliveries: 'deliveries.db',
} as const;

/**
 * The order in which a backup opens the files' snapshots: the deliveries after the streak file,
 * whose outbox hands its entries on to them. An entry handed on between the two snapshots is then in
 * both, and the relay's hand-on of it again after a restore is kept once by the queue (it keeps one
 * delivery per endpoint and id); the other order would lose it from both.
 */
export const BACKUP_ORDER: readonly string[] = [DATA_FILES.control, DATA_FILES.streaks, DATA_FILES.deliveries];

/** The files SQLite keeps beside a database while it is open (or after a crash): they belong to it. */
export const COMPANION_SUFFIXES: readonly string[] = ['-wal', '-shm', '-journal'];
