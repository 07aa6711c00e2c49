/**
 * The ioredis client (one connection, or a Cluster client), the Lua scripts defined on it (sent by
 * EVALSHA, loaded on NOSCRIPT by ioredis), and the one translation of Redis failures into StoreError.
 */
import { StoreError } from '@kindling/core';
import { Cluster, Redis } from 'ioredis';
import { EXPIRING_LUA, STATS_LUA } from './read-scripts.js';
import { COMMIT_INDEXED_LUA, COMMIT_LUA, INDEX_LUA } from './write-scripts.js';

const SCRIPTS = {
  kindlingCommit: COMMIT_LUA,
  kindlingCommitIndexed: COMMIT_INDEXED_LUA,
  kindlingIndex: INDEX_LUA,
  kindlingStats: STATS_LUA,
  kindlingExpiring: EXPIRING_LUA,
} as const;

export type ScriptName = keyof typeof SCRIPTS;

export interface ConnectionOptions {
  /** a single Redis; default redis://127.0.0.1:6379 */
  readonly url?: string;
  /** seed nodes of a Redis Cluster; when given, `url` is not used */
  readonly cluster?: ReadonlyArray<{ readonly host: string; readonly port: number }>;
}

export interface Connection {
  readonly client: Redis | Cluster;
  /** a Redis Cluster: a user's keys and the account's keys live in different slots */
  readonly cluster: boolean;
  /** Runs one of the scripts on the slot of its first key. */
  runScript(name: ScriptName, keys: readonly string[], args: ReadonlyArray<string | number | Buffer>): Promise<unknown>;
  close(): Promise<void>;
}

/** What a script's own failure looks like once Redis has appended where it happened. */
const SCRIPT_SUFFIX = /\s*script: [0-9a-f]+, on @user_script:\d+\.?\s*$/;

/**
 * Turns a Redis failure into a StoreError: the scripts' KINDLING messages as they are (they name
 * the key), WRONGTYPE with the key given, anything else (connection, cluster) with its cause.
 */
export function toStoreError(error: unknown, key?: string): StoreError {
  if (error instanceof StoreError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('KINDLING ')) return new StoreError(message.slice('KINDLING '.length).replace(SCRIPT_SUFFIX, ''), { cause: error });
  if (message.startsWith('WRONGTYPE') && key !== undefined) {
    return new StoreError(`${key} holds a value of the wrong type for Kindling (${message})`, { cause: error });
  }
  return new StoreError(`redis failed${key === undefined ? '' : ` on ${key}`}: ${message}`, { cause: error });
}

/** A Redis command, with failures as StoreError naming `key` (no extra async frame: it runs per event). */
export function attempt<T>(command: Promise<T>, key?: string): Promise<T> {
  return command.catch((error: unknown) => {
    throw toStoreError(error, key);
  });
}

export function connect(options: ConnectionOptions): Connection {
  const client: Redis | Cluster =
    options.cluster !== undefined
      ? new Cluster(
          options.cluster.map((node) => ({ host: node.host, port: node.port })),
          { redisOptions: { maxRetriesPerRequest: 3 } },
        )
      : new Redis(options.url ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });
  // Failures reach the caller through the rejected commands; without a listener ioredis logs them.
  client.on('error', () => {});
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { lua });
  const commands = client as unknown as Record<ScriptName, (...args: Array<string | number | Buffer>) => Promise<unknown>>;
  let closing: Promise<void> | null = null;
  return {
    client,
    cluster: options.cluster !== undefined,
    runScript(name, keys, args) {
      return attempt(commands[name](keys.length, ...keys, ...args), keys[0]);
    },
    close() {
      closing ??= client.quit().then(
        () => undefined,
        () => client.disconnect(),
      );
      return closing;
    },
  };
}
