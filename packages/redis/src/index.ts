export { redisStore } from './redis-store.js';
export type { RedisStore, RedisStoreOptions } from './redis-store.js';
export { SCHEMA_VERSION, SchemaError } from './schema.js';
export { connect as connectRedis, DEFAULT_TIMEOUT_MS } from './connection.js';
export type { Connection as RedisConnection, ConnectionOptions as RedisConnectionOptions } from './connection.js';
export { redisControlKV } from './control-kv.js';
export type { RedisControlKVOptions } from './control-kv.js';
export { redisDeliveryQueue } from './delivery-queue.js';
export type { RedisDeliveryQueueOptions } from './delivery-queue.js';
