/**
 * A service's control plane (`ControlKV` of @kindling/core) on Redis (single or cluster): documents
 * are strings, counters and fields are hashes, compare-and-set is one short script on one key.
 * Every key starts with `prefix`. The connection is the store's (connection.ts), the process's one
 * client of the address, shared with the stores opened on it: every command bounded by
 * `timeoutMs`, every failure (unreachable, timed out, CLUSTERDOWN…) a StoreError.
 */
import { ownRecord, type ControlKV } from '@kindling/core/adapter';
import { connect, type Connection } from './connection.js';

const SWAP_LUA = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[4] == '' then
  redis.call('SET', KEYS[1], ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
end
return 1`;

export interface RedisControlKVOptions {
  url?: string;
  cluster?: ReadonlyArray<{ host: string; port: number }>;
  /** default 'kindling:control:' */
  prefix?: string;
  /** how long one command may wait; default that of @kindling/redis (2000 ms) */
  timeoutMs?: number;
}

export function redisControlKV(options: RedisControlKVOptions): ControlKV {
  const prefix = options.prefix ?? 'kindling:control:';
  // the process's client of this address (connection.ts), shared with the stores opened on it
  const connection: Connection = connect(options);
  connection.defineScripts({ kindlingSwap: SWAP_LUA });
  const { run } = connection;
  const k = (key: string) => prefix + key;

  return {
    get: async (key) => run(connection.client.get(k(key)), k(key)),
    async put(key, value, expireMs) {
      // SET without PX clears a time to live the key had
      const { client } = connection;
      await run(expireMs === undefined ? client.set(k(key), value) : client.set(k(key), value, 'PX', expireMs), k(key));
    },
    async swap(key, expected, next, expireMs) {
      return (
        (await connection.runScript(
          'kindlingSwap',
          [k(key)],
          [expected === null ? '0' : '1', expected ?? '', next, expireMs === undefined ? '' : String(expireMs)],
        )) === 1
      );
    },
    async remove(key) {
      await run(connection.client.del(k(key)), k(key));
    },
    async addCounters(key, increments, expireMs) {
      const fields = Object.keys(increments);
      const pipeline = connection.client.pipeline();
      for (const field of fields) pipeline.hincrbyfloat(k(key), field, increments[field] as number);
      if (expireMs !== undefined) pipeline.pexpire(k(key), expireMs);
      // A failed command of the pipeline fails the call the same way as a failed pipeline.
      const results = (await run(pipeline.exec(), k(key))) ?? [];
      const failed = results.find(([error]) => error !== null);
      if (failed) await run(Promise.reject(failed[0]), k(key));
      return Object.fromEntries(fields.map((field, i) => [field, Number(results[i]?.[1])]));
    },
    async readCounters(key) {
      const raw = await run(connection.client.hgetall(k(key)), k(key));
      return ownRecord(Object.entries(raw).map(([field, value]) => [field, Number(value)] as const));
    },
    async setFields(key, fields) {
      if (Object.keys(fields).length > 0) await run(connection.client.hset(k(key), fields), k(key));
    },
    async removeFields(key, fields) {
      if (fields.length > 0) await run(connection.client.hdel(k(key), ...fields), k(key));
    },
    readFields: async (key) => ownRecord(Object.entries(await run(connection.client.hgetall(k(key)), k(key)))),
    readField: async (key, field) => run(connection.client.hget(k(key), field), k(key)),
    close: () => connection.close(),
  };
}
