export { redisStore } from './redis-store.js';
export type { RedisStore, RedisStoreOptions } from './redis-store.js';
export { SCHEMA_VERSION, SchemaError } from './schema.js';
