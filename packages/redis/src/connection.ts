/**
 * The ioredis clients of this process (one connection to a single Redis, or a Cluster client), one
 * per address and timeout, shared by every store, control plane, delivery queue and scan opened on
 * it; the Lua scripts defined on it (sent by EVALSHA, loaded on NOSCRIPT by ioredis); the time
 * limit of every command; and the one translation of Redis failures into StoreError.
 *
 * Sharing. `connect` answers a handle on the process's client for the address (the URL as written,
 * or the Cluster's seed nodes) and timeout, opening it for the first handle; `close` releases the
 * handle, and the client quits with the last one. So a process keeps one connection per Redis
 * address (on a Cluster, one per node, and a short-lived one when the client refreshes its slot
 * map) however many accounts and namespaces it serves: a connection each made 3,000 tenants 3,000
 * connections, and at Redis's `maxclients` every other client was refused. Sharing is safe because
 * no user of a client changes the connection's state: no SELECT (the database is the URL's, part
 * of what is shared), no MULTI or WATCH (each atomic step is one Lua script; pipelines are not
 * transactions), no SUBSCRIBE, no blocking command, no CLIENT command. Every command names its
 * keys in full (each user's key prefix is its own, not ioredis's `keyPrefix`), so handles of
 * different prefixes and accounts share a client as well. A script is defined once on the client
 * by name; two users asking for one name with different bodies is refused. A closed handle's
 * `client` throws a StoreError, so a closed store sends nothing, as before.
 *
 * A Redis that stops answering (paused, overloaded, cut off) must not hold callers: every command
 * has `timeoutMs`. ioredis's `commandTimeout` rejects a command sent to a node (or queued for one
 * that is reconnecting) that has not answered in time, which covers a single Redis; a Cluster
 * client keeps commands in a queue of its own, without that timer, while it has no node to send
 * them to, so on a Cluster each command is also raced against a timer here (not on a single Redis:
 * two timers a command made the Redis benchmark measurably slower, one is enough). A command that
 * timed out may still run once Redis answers again: a write that failed this way may or may not
 * have been applied.
 */
import { BOARD_APPLY_LUA, BOARD_FORGET_LUA, BOARD_PLACE_LUA } from './board-scripts.js';
import { StoreError } from '@kindling/core';
import { Cluster, Redis } from 'ioredis';
import { DROP_LINES_LUA, PLACE_LINES_LUA, PLACE_REGISTRY_LUA, READ_LINES_LUA } from './migrate-scripts.js';
import { OUTBOX_READ_LUA, OUTBOX_REGISTER_LUA, OUTBOX_REMOVE_LUA, OUTBOX_SETTLE_LUA } from './outbox-scripts.js';
import { EXPIRING_LUA, STATS_LUA } from './read-scripts.js';
import {
  COMMIT_INDEXED_LUA,
  COMMIT_INDEXED_OUTBOX_LUA,
  COMMIT_LUA,
  COMMIT_OUTBOX_LUA,
  INDEX_LUA,
  PEEK_LUA,
} from './write-scripts.js';
import { damaged } from './damaged.js';
import { ERASE_LINES_LUA, ERASE_USER_LUA } from './erase-scripts.js';
import { ERASE_POINTS_LUA, POINTS_LINES_LUA } from './points-scripts.js';
import { FORGET_LINE_LUA, FORGET_RECORD_LUA } from './forget-idempotency.js';

const SCRIPTS = {
  kindlingCommit: COMMIT_LUA,
  kindlingCommitIndexed: COMMIT_INDEXED_LUA,
  kindlingIndex: INDEX_LUA,
  kindlingPeek: PEEK_LUA,
  kindlingCommitOutbox: COMMIT_OUTBOX_LUA,
  kindlingCommitIndexedOutbox: COMMIT_INDEXED_OUTBOX_LUA,
  kindlingOutboxRegister: OUTBOX_REGISTER_LUA,
  kindlingOutboxRead: OUTBOX_READ_LUA,
  kindlingOutboxRemove: OUTBOX_REMOVE_LUA,
  kindlingOutboxSettle: OUTBOX_SETTLE_LUA,
  kindlingStats: STATS_LUA,
  kindlingExpiring: EXPIRING_LUA,
  kindlingReadLines: READ_LINES_LUA,
  kindlingPlaceLines: PLACE_LINES_LUA,
  kindlingDropLines: DROP_LINES_LUA,
  kindlingPlaceRegistry: PLACE_REGISTRY_LUA,
  kindlingEraseUser: ERASE_USER_LUA,
  kindlingEraseLines: ERASE_LINES_LUA,
  kindlingPointsLines: POINTS_LINES_LUA,
  kindlingErasePoints: ERASE_POINTS_LUA,
  kindlingForgetRecord: FORGET_RECORD_LUA,
  kindlingForgetLine: FORGET_LINE_LUA,
  kindlingBoardApply: BOARD_APPLY_LUA,
  kindlingBoardPlace: BOARD_PLACE_LUA,
  kindlingBoardForget: BOARD_FORGET_LUA,
} as const;

export type ScriptName = keyof typeof SCRIPTS;

export interface ConnectionOptions {
  /** a single Redis; default redis://127.0.0.1:6379 */
  readonly url?: string;
  /** seed nodes of a Redis Cluster; when given, `url` is not used */
  readonly cluster?: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  /** how long a command may wait for its answer (connecting included) before it fails; default 2000 ms */
  readonly timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 2000;

/** The longest wait between two attempts to reconnect: a Redis that comes back is used again within about this. */
const MAX_RECONNECT_DELAY_MS = 500;

export interface Connection {
  /** the shared ioredis client; reading it once this handle is closed throws a StoreError (nothing is sent) */
  readonly client: Redis | Cluster;
  /** a Redis Cluster: a user's keys and the account's keys live in different slots */
  readonly cluster: boolean;
  readonly timeoutMs: number;
  /** A command, failed with a StoreError naming `key` when Redis fails it or does not answer within the timeout. */
  run<T>(command: Promise<T>, key?: string): Promise<T>;
  /** Runs one of the scripts (the store's, or one given to `defineScripts`) on the slot of its first key (as `run` does). */
  runScript(name: string, keys: readonly string[], args: ReadonlyArray<string | number | Buffer>): Promise<unknown>;
  /**
   * Defines more scripts on the shared client (the control plane's, the delivery queue's), each
   * taking its number of keys first, as the store's do. A name already defined with another body
   * is refused: every user of the client calls a name by what it means.
   */
  defineScripts(scripts: Readonly<Record<string, string>>): void;
  /** Releases this handle (once; later calls answer the same promise); the client is closed with the last handle. */
  close(): Promise<void>;
}

/** What a script's own failure looks like once Redis has appended where it happened. */
const SCRIPT_SUFFIX = /\s*script: [0-9a-f]+, on @user_script:\d+\.?\s*$/;

/**
 * Turns a Redis failure into a StoreError: the scripts' KINDLING messages as they are (they name
 * the key), WRONGTYPE with the key given, anything else (connection closed or refused, retries
 * exhausted, a timeout, CLUSTERDOWN, TRYAGAIN, too many redirections, OOM, READONLY) with its cause.
 */
export function toStoreError(error: unknown, key?: string, where?: () => string): StoreError {
  if (error instanceof StoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('KINDLING '))
    return damaged(message.slice('KINDLING '.length).replace(SCRIPT_SUFFIX, ''), error);
  if (message.startsWith('WRONGTYPE') && key !== undefined) {
    return damaged(`${key} holds a value of the wrong type for Kindling (${message})`, error);
  }
  const at = where === undefined ? '' : ` (${where()})`;
  return new StoreError(`redis failed${key === undefined ? '' : ` on ${key}`}: ${message}${at}`, { cause: error });
}

/** `command`, failed with a StoreError naming `key` when Redis fails it. No extra async frame: it runs per command. */
function attempt<T>(command: Promise<T>, key?: string, where?: () => string): Promise<T> {
  return command.catch((error: unknown) => {
    throw toStoreError(error, key, where);
  });
}

/** Where the connection goes, for messages: host and port only (a URL's password never). */
function addressOf(options: ConnectionOptions): string {
  if (options.cluster !== undefined)
    return `redis cluster ${options.cluster.map((node) => `${node.host}:${node.port}`).join(',')}`;
  try {
    const url = new URL(options.url ?? 'redis://127.0.0.1:6379');
    return `redis at ${url.hostname}:${url.port || '6379'}`;
  } catch {
    return 'redis';
  }
}

/**
 * `command`, failed with a StoreError naming `key` when Redis fails it or it has not settled within
 * `timeoutMs` (a timer of its own: see the top of this file).
 */
function attemptWithin<T>(command: Promise<T>, timeoutMs: number, key?: string, where?: () => string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut(timeoutMs, key)), timeoutMs);
    command.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toStoreError(error, key, where));
      },
    );
  });
}

function timedOut(timeoutMs: number, key: string | undefined): StoreError {
  return new StoreError(`redis did not answer within ${timeoutMs} ms${key === undefined ? '' : ` on ${key}`}`);
}

/** Options of every node connection: each command bounded, reconnecting soon after Redis is back. */
function nodeOptions(timeoutMs: number) {
  return {
    commandTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    // Commands queued while reconnecting fail after this many attempts (or their timeout, if sooner).
    maxRetriesPerRequest: 2,
  };
}

const reconnectDelay = (times: number) => Math.min(times * 50, MAX_RECONNECT_DELAY_MS);

/** The scripts defined on a client, as ioredis adds them to it: each takes its number of keys first. */
type ScriptCommands = Record<string, ((...args: Array<string | number | Buffer>) => Promise<unknown>) | undefined>;

const closedError = (options: ConnectionOptions) => new StoreError(`redis connection closed: ${addressOf(options)}`);

/** The client of one address and timeout, with what every handle on it shares. */
interface SharedClient {
  readonly client: Redis | Cluster;
  readonly run: <T>(command: Promise<T>, key?: string) => Promise<T>;
  /** every script defined on the client, by name: its body */
  readonly scripts: Map<string, string>;
  /** the handles not yet closed */
  handles: number;
}

/** The clients open in this process, by `sharingKey`. */
const shared = new Map<string, SharedClient>();

/**
 * What decides that two handles may share a client: the URL as written (host, port, database,
 * user and password: a client is never shared across databases or credentials), or the Cluster's
 * seed nodes in any order, and the timeout (ioredis's `commandTimeout` is the client's).
 */
function sharingKey(options: ConnectionOptions, timeoutMs: number): string {
  if (options.cluster !== undefined) {
    const seeds = options.cluster.map((node) => `${node.host}:${node.port}`).sort();
    return JSON.stringify(['cluster', seeds, timeoutMs]);
  }
  return JSON.stringify(['url', options.url ?? 'redis://127.0.0.1:6379', timeoutMs]);
}

function openClient(options: ConnectionOptions, timeoutMs: number): SharedClient {
  const client: Redis | Cluster =
    options.cluster !== undefined
      ? new Cluster(
          options.cluster.map((node) => ({ host: node.host, port: node.port })),
          {
            redisOptions: nodeOptions(timeoutMs),
            clusterRetryStrategy: (times) => 100 + reconnectDelay(times),
            // Asking a node for the slot map waits no longer than a command would.
            slotsRefreshTimeout: Math.min(1000, timeoutMs),
          },
        )
      : new Redis(options.url ?? 'redis://127.0.0.1:6379', {
          ...nodeOptions(timeoutMs),
          retryStrategy: reconnectDelay,
        });
  // Failures reach the caller through the rejected commands (their messages say where, and the
  // last reason the connection gave, such as ECONNREFUSED); without a listener ioredis logs them.
  const address = addressOf(options);
  let lastProblem: string | null = null;
  client.on('error', (error: NodeJS.ErrnoException) => {
    lastProblem = error.code ?? error.message;
  });
  client.on('ready', () => {
    lastProblem = null;
  });
  const where = () => (lastProblem === null ? address : `${address}: ${lastProblem}`);
  const scripts = new Map<string, string>();
  for (const [name, lua] of Object.entries(SCRIPTS)) {
    client.defineCommand(name, { lua });
    scripts.set(name, lua);
  }
  const run =
    options.cluster !== undefined
      ? <T>(command: Promise<T>, key?: string) => attemptWithin(command, timeoutMs, key, where)
      : <T>(command: Promise<T>, key?: string) => attempt(command, key, where);
  return { client, run, scripts, handles: 0 };
}

function closeClient(client: Redis | Cluster, timeoutMs: number): Promise<void> {
  return attemptWithin(client.quit(), timeoutMs).then(
    () => undefined,
    () => client.disconnect(),
  );
}

/**
 * A handle on this process's client of the address and timeout: the one open, or a new one.
 * Each store, control plane, delivery queue and scan opens a handle and closes it; the client is
 * closed with the last handle, and a handle opened after that opens a new client.
 */
export function connect(options: ConnectionOptions): Connection {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new StoreError(`timeoutMs must be a whole number of milliseconds ≥ 1, got ${timeoutMs}`);
  const key = sharingKey(options, timeoutMs);
  let entry = shared.get(key);
  if (entry === undefined) {
    entry = openClient(options, timeoutMs);
    shared.set(key, entry);
  }
  entry.handles += 1;
  const mine = entry;
  const { run } = mine;
  let closing: Promise<void> | null = null;
  const open = (): Redis | Cluster => {
    if (closing !== null) throw closedError(options);
    return mine.client;
  };
  return {
    get client() {
      return open();
    },
    cluster: options.cluster !== undefined,
    timeoutMs,
    run,
    runScript(name, keys, args) {
      if (closing !== null) return Promise.reject(closedError(options));
      const command = mine.scripts.has(name) ? (mine.client as unknown as ScriptCommands)[name] : undefined;
      if (command === undefined)
        return Promise.reject(new StoreError(`no script named ${name} is defined on this connection`));
      return run(command.call(mine.client, keys.length, ...keys, ...args), keys[0]);
    },
    defineScripts(scripts) {
      const client = open();
      for (const [name, lua] of Object.entries(scripts)) {
        const defined = mine.scripts.get(name);
        if (defined === lua) continue;
        if (defined !== undefined)
          throw new StoreError(`the script ${name} is already defined on this connection with another body`);
        client.defineCommand(name, { lua });
        mine.scripts.set(name, lua);
      }
    },
    close() {
      if (closing !== null) return closing;
      mine.handles -= 1;
      if (mine.handles > 0) {
        closing = Promise.resolve();
        return closing;
      }
      if (shared.get(key) === mine) shared.delete(key);
      closing = closeClient(mine.client, timeoutMs);
      return closing;
    },
  };
}
