export { sqliteStore } from './store.js';
export type { SqliteStoreOptions } from './store.js';
export type { Synchronous } from './open.js';
export { APPLICATION_ID, MIGRATIONS_FOLDER } from './migrate.js';
export { labelOf as sqliteLabel, toStoreError as toSqliteStoreError } from './errors.js';
export { sqliteControlKV } from './control-kv.js';
export type { SqliteControlKVOptions } from './control-kv.js';
export { sqliteDeliveryQueue } from './delivery-queue.js';
export type { SqliteDeliveryQueueOptions } from './delivery-queue.js';
