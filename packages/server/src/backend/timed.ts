/**
 * A store with each call timed, for the metrics (on with KINDLING_METRICS=1): the streak stores,
 * the control plane's key-value store and the delivery queue are wrapped here, once, where the
 * backend opens them (backend.ts), so every caller (the engine, the routes' reads, the sweeper, the
 * relay) is measured alike and no adapter knows of metrics. A call's time runs from the call to its
 * promise's settling (a store's `update` includes the engine's step, run inside it); a call that
 * throws or rejects counts as an error. `peekVersion` and `peekErasures`, lookups in memory on the cached
 * read's path that never wait, are passed through untimed.
 */
import type { Store } from '@kindling/core';
import type { ControlKV, DeliveryQueue } from '@kindling/core/adapter';

/** Where the timings go (metrics/metrics.ts). */
export interface StoreWatch {
  storeCalled(store: string, operation: string, ok: boolean, seconds: number): void;
}

/** The operations timed, every method of each interface (the type makes a new method fail to compile until it is listed). */
const STORE_OPERATIONS: Record<Exclude<keyof Store, 'peekVersion' | 'peekErasures'>, true> = {
  update: true,
  load: true,
  version: true,
  history: true,
  journal: true,
  users: true,
  countUsers: true,
  stats: true,
  expiring: true,
  earning: true,
  pointsTotals: true,
  pointsDue: true,
  boardPlace: true,
  boardCount: true,
  boardPage: true,
  activity: true,
  forgetIdempotency: true,
  readOutbox: true,
  removeOutbox: true,
  deleteUser: true,
  clearAccount: true,
  erasures: true,
  probe: true,
  close: true,
};
const CONTROL_OPERATIONS: Record<keyof ControlKV, true> = {
  get: true,
  put: true,
  swap: true,
  remove: true,
  addCounters: true,
  readCounters: true,
  setFields: true,
  readFields: true,
  readField: true,
  removeFields: true,
  probe: true,
  close: true,
};
const DELIVERY_OPERATIONS: Record<keyof DeliveryQueue, true> = {
  enqueue: true,
  claim: true,
  dueEndpoints: true,
  claimEndpoint: true,
  finish: true,
  get: true,
  list: true,
  retry: true,
  purge: true,
  removeEndpoint: true,
  removeOrderKey: true,
  removeOrderKeyPrefix: true,
  count: true,
  probe: true,
  close: true,
};

/** The names of the methods of `target`, its own and its prototypes' (a class instance or an object of functions). */
export function methodNames(target: object): string[] {
  const names = new Set<string>();
  for (let at: object | null = target; at !== null && at !== Object.prototype; at = Object.getPrototypeOf(at))
    for (const name of Object.getOwnPropertyNames(at))
      if (name !== 'constructor' && typeof (target as Record<string, unknown>)[name] === 'function') names.add(name);
  return [...names];
}

/**
 * `target` with the methods named in `operations` timed into `watch` under `store`; its other
 * methods bound to it as they are (a class's private fields need `this` to be the target).
 */
function timed<T extends object>(target: T, store: string, operations: object, watch: StoreWatch): T {
  const wrapped = Object.create(target) as Record<string, unknown>;
  for (const operation of methodNames(target)) {
    const method = (target as Record<string, unknown>)[operation] as (...args: unknown[]) => unknown;
    if (!Object.hasOwn(operations, operation)) {
      wrapped[operation] = method.bind(target);
      continue;
    }
    wrapped[operation] = function timedCall(...args: unknown[]): unknown {
      const started = performance.now();
      let result: unknown;
      try {
        result = method.apply(target, args);
      } catch (error) {
        watch.storeCalled(store, operation, false, (performance.now() - started) / 1000);
        throw error;
      }
      if (!(result instanceof Promise)) {
        watch.storeCalled(store, operation, true, (performance.now() - started) / 1000);
        return result;
      }
      return result.then(
        (value: unknown) => {
          watch.storeCalled(store, operation, true, (performance.now() - started) / 1000);
          return value;
        },
        (error: unknown) => {
          watch.storeCalled(store, operation, false, (performance.now() - started) / 1000);
          throw error;
        },
      );
    };
  }
  return wrapped as T;
}

export const timedStore = (store: Store, watch: StoreWatch): Store => timed(store, 'streaks', STORE_OPERATIONS, watch);
export const timedControl = (kv: ControlKV, watch: StoreWatch): ControlKV =>
  timed(kv, 'control', CONTROL_OPERATIONS, watch);
export const timedDeliveries = (queue: DeliveryQueue, watch: StoreWatch): DeliveryQueue =>
  timed(queue, 'deliveries', DELIVERY_OPERATIONS, watch);
