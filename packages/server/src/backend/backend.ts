/**
 * Where the data lives: SQLite files in the data folder (the default), or Redis (single or
 * cluster) shared by any number of server processes. One control plane, one Store per account.
 * On Redis they all run on the process's one client of the address (@kindling/redis shares it
 * between every store, control plane and queue opened with the same address and timeout), so a
 * process keeps one connection however many namespaces it opens.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Store } from '@kindling/core';
import type { DeliveryQueue } from '@kindling/core/adapter';
import { redisControlKV, redisDeliveryQueue, redisStore, redisStoreNames } from '@kindling/redis';
import { sqliteControlKV, sqliteDeliveryQueue, sqliteStore, sqliteStoreNames } from '@kindling/sqlite';
import { Control } from '../control/control.js';
import { type Settings, SettingsError } from '../settings.js';
import { DATA_FILES } from './data-files.js';
import { makeFolder } from './make-folder.js';
import { type StoreWatch, timedControl, timedDeliveries, timedStore } from './timed.js';
import { StoreWrites } from './store-writes.js';

export interface Backend {
  readonly kind: 'sqlite' | 'redis';
  /** where, for people: a folder or a Redis address */
  readonly where: string;
  readonly control: Control;
  /** webhook deliveries of every account, with their log */
  readonly deliveries: DeliveryQueue;
  /** the streak store of one account (opened once, kept) */
  storeFor(accountId: string): Store;
  /** which streak stores this process wrote to, and wrote news to, for the sweeper and the relay (store-writes.ts) */
  readonly writes: StoreWrites;
  /** the names of every streak store that holds anything, found in the data (an operator's clean-up: a full scan on Redis) */
  storeNames(): Promise<string[]>;
  /** Rejects when the delivery queue or a streak store opened so far would refuse a write now (their `probe`). */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the backend the settings name. With `existing`, a SQLite data folder must hold data already
 * (its control.db): a command that only works on data refuses a folder without any, rather than
 * making one (a mistyped --data would otherwise leave an empty data set behind). With `watch`,
 * every call of its stores is timed into it (timed.ts: the metrics).
 */
export function openBackend(
  settings: Pick<Settings, 'dataDir' | 'redis' | 'redisPrefix'> &
    Partial<Pick<Settings, 'sqliteSync' | 'storeTimeoutMs' | 'cacheMs'>>,
  options: { existing?: boolean; watch?: StoreWatch } = {},
): Backend {
  const { watch, ...untimed } = options;
  // the tenants documents kept for the cache time (control.ts); without one, re-read each time and parsed when changed
  const controlOptions = { cacheMs: settings.cacheMs ?? 0 };
  if (watch !== undefined) {
    const opened = openBackend(settings, untimed);
    const stores = new Map<string, Store>();
    const control = new Control(timedControl(opened.control.kv, watch), controlOptions);
    const deliveries = timedDeliveries(opened.deliveries, watch);
    return {
      ...opened,
      control,
      deliveries,
      storeFor(accountId) {
        let store = stores.get(accountId);
        if (store === undefined) {
          store = timedStore(opened.storeFor(accountId), watch);
          stores.set(accountId, store);
        }
        return store;
      },
      probe: () => opened.probe(),
      async close() {
        stores.clear();
        await opened.close();
      },
    };
  }
  const stores = new Map<string, Store>();
  const writes = new StoreWrites();
  const redis = settings.redis;
  let control: Control;
  let deliveries: DeliveryQueue;
  let open: (accountId: string) => Store;
  let where: string;
  let names: () => Promise<string[]>;
  if (redis === null) {
    const dir = resolve(settings.dataDir);
    if (options.existing === true && !existsSync(join(dir, DATA_FILES.control)))
      throw new SettingsError(
        `KINDLING_DATA_DIR (--data) ${dir} holds no Kindling data (no control.db): run \`kindling start --data ${dir}\` once to make it, or name the folder that holds the data`,
      );
    try {
      makeFolder(dir);
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new SettingsError(
        `KINDLING_DATA_DIR (--data) ${dir} cannot be made a folder: ${code ?? 'failed'} (${message}); choose a folder the server may create or write`,
      );
    }
    control = new Control(sqliteControlKV(join(dir, DATA_FILES.control)), controlOptions);
    deliveries = sqliteDeliveryQueue(join(dir, DATA_FILES.deliveries));
    // Checkpoints in a worker thread: no commit on the event loop stalls to copy the log back (checkpoints.ts of @kindling/sqlite).
    open = (account) =>
      sqliteStore({
        path: join(dir, DATA_FILES.streaks),
        account,
        synchronous: settings.sqliteSync ?? 'full',
        checkpoints: 'background',
      });
    where = dir;
    names = () => sqliteStoreNames(join(dir, 'kindling.db'));
  } else {
    // One timeout for the streak stores' commands and the control plane's: a request waits no longer on either.
    const timeout = settings.storeTimeoutMs !== undefined ? { timeoutMs: settings.storeTimeoutMs } : {};
    control = new Control(
      redisControlKV({ ...redis, ...timeout, prefix: `${settings.redisPrefix}:control:` }),
      controlOptions,
    );
    deliveries = redisDeliveryQueue({ ...redis, ...timeout, prefix: `${settings.redisPrefix}:deliveries:` });
    open = (account) => redisStore({ ...redis, ...timeout, account, keyPrefix: settings.redisPrefix });
    names = () => redisStoreNames({ ...redis, ...timeout, keyPrefix: settings.redisPrefix });
    where = 'url' in redis ? redis.url : redis.cluster.map((n) => `${n.host}:${n.port}`).join(',');
  }
  return {
    kind: redis === null ? 'sqlite' : 'redis',
    where,
    control,
    deliveries,
    writes,
    storeFor(accountId) {
      let store = stores.get(accountId);
      if (store === undefined) {
        store = writes.watch(accountId, open(accountId));
        stores.set(accountId, store);
      }
      return store;
    },
    storeNames: () => names(),
    async probe() {
      await deliveries.probe?.();
      for (const store of stores.values()) await store.probe?.();
    },
    async close() {
      await Promise.all([...stores.values()].map((store) => store.close()));
      stores.clear();
      await deliveries.close();
      await control.close();
    },
  };
}
