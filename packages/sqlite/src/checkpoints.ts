/**
 * Checkpoints off the caller's thread. By default SQLite copies the write-ahead log back into the
 * database inside the commit that makes the log pass 1,000 pages: that commit (and, in a server,
 * every request waiting on its event loop) stalls while the pages are written and synced. With
 * background checkpoints the store's connections leave that to a worker thread, one per database
 * file in a process, that runs a PASSIVE checkpoint (it never blocks a reader or a writer) every
 * `INTERVAL_MS`, and again at once while it has not caught up with the log. A checkpoint that
 * catches up lets the next commit start the log over (cut back to `WAL_SIZE_LIMIT` after a burst),
 * so the file stays small; should the worker fall behind or stop, the connections' own checkpoint
 * at `FALLBACK_PAGES` still bounds the log.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

const INTERVAL_MS = 100;
/** the pages after which a connection checkpoints by itself while a worker should be doing it */
export const FALLBACK_PAGES = 10_000;
/** SQLite's default, restored when the worker cannot run */
const INLINE_PAGES = 1_000;

// CommonJS, evaluated as the worker's script: open the file, checkpoint until told to stop.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const stop = new Int32Array(workerData.stop);
const db = new Database(workerData.path, { fileMustExist: true, timeout: 0 });
db.pragma('wal_autocheckpoint = 0');
while (Atomics.load(stop, 0) === 0) {
  let caughtUp = true;
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    caughtUp = state.busy !== 0 || state.checkpointed >= state.log;
  } catch {
    // another process's checkpoint holds the lock: try again at the next turn
  }
  Atomics.wait(stop, 0, 0, caughtUp ? workerData.intervalMs : 1);
}
db.close();
`;

interface Checkpointer {
  readonly worker: Worker;
  readonly stop: Int32Array;
  readonly exited: Promise<void>;
  readonly connections: Set<Database.Database>;
}

const running = new Map<string, Checkpointer>();

function startWorker(file: string): Checkpointer {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path: file, driver, stop: stop.buffer, intervalMs: INTERVAL_MS },
  });
  worker.unref();
  const connections = new Set<Database.Database>();
  const exited = new Promise<void>((done) => {
    worker.once('exit', () => done());
    worker.once('error', () => {
      // The worker cannot checkpoint (the file could not be opened in it): the connections do it again.
      for (const db of connections) if (db.open) db.pragma(`wal_autocheckpoint = ${INLINE_PAGES}`);
    });
  });
  return { worker, stop, exited, connections };
}

/**
 * Hands the checkpoints of `db` (a connection to the file at `path`, in WAL mode) to the file's
 * worker, starting it if this is the first connection. Returns what to call before closing `db`.
 */
export function checkpointInBackground(path: string, db: Database.Database): () => Promise<void> {
  const file = resolve(path);
  let checkpointer = running.get(file);
  if (checkpointer === undefined) {
    checkpointer = startWorker(file);
    running.set(file, checkpointer);
  }
  const mine = checkpointer;
  mine.connections.add(db);
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    mine.connections.delete(db);
    if (mine.connections.size > 0) return;
    running.delete(file);
    // Held while it stops: a process whose last work is this close must not end before the worker does.
    mine.worker.ref();
    Atomics.store(mine.stop, 0, 1);
    Atomics.notify(mine.stop, 0);
    await mine.exited;
  };
}
