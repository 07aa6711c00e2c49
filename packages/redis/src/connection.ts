/**
 * The ioredis client (one connection, or a Cluster client), the Lua scripts defined on it (sent by
 * EVALSHA, loaded on NOSCRIPT by ioredis), the time limit of every command, and the one translation
 * of Redis failures into StoreError.
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
  kindlingForgetRecord: FORGET_RECORD_LUA,
  kindlingForgetLine: FORGET_LINE_LUA,
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
  readonly client: Redis | Cluster;
  /** a Redis Cluster: a user's keys and the account's keys live in different slots */
  readonly cluster: boolean;
  readonly timeoutMs: number;
  /** A command, failed with a StoreError naming `key` when Redis fails it or does not answer within the timeout. */
  run<T>(command: Promise<T>, key?: string): Promise<T>;
  /** Runs one of the scripts on the slot of its first key (as `run` does). */
  runScript(name: ScriptName, keys: readonly string[], args: ReadonlyArray<string | number | Buffer>): Promise<unknown>;
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

export function connect(options: ConnectionOptions): Connection {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new StoreError(`timeoutMs must be a whole number of milliseconds ≥ 1, got ${timeoutMs}`);
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
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { lua });
  const commands = client as unknown as Record<
    ScriptName,
    (...args: Array<string | number | Buffer>) => Promise<unknown>
  >;
  let closing: Promise<void> | null = null;
  const run =
    options.cluster !== undefined
      ? <T>(command: Promise<T>, key?: string) => attemptWithin(command, timeoutMs, key, where)
      : <T>(command: Promise<T>, key?: string) => attempt(command, key, where);
  return {
    client,
    cluster: options.cluster !== undefined,
    timeoutMs,
    run,
    runScript(name, keys, args) {
      return run(commands[name](keys.length, ...keys, ...args), keys[0]);
    },
    close() {
      closing ??= attemptWithin(client.quit(), timeoutMs).then(
        () => undefined,
        () => client.disconnect(),
      );
      return closing;
    },
  };
}
