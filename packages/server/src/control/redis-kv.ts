/**
 * The control plane on Redis (single or cluster): documents are strings, counters and fields are
 * hashes, compare-and-set is one short script on one key. Every key starts with `prefix`.
 */
import { Cluster, Redis } from 'ioredis';
import type { ControlKV } from './kv.js';

const SWAP_LUA = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[3])
return 1`;

export interface RedisKVOptions {
  url?: string;
  cluster?: ReadonlyArray<{ host: string; port: number }>;
  /** default 'kindling:control:' */
  prefix?: string;
}

export function redisKV(options: RedisKVOptions): ControlKV {
  const prefix = options.prefix ?? 'kindling:control:';
  const client: Redis | Cluster =
    options.cluster !== undefined
      ? new Cluster(options.cluster.map((node) => ({ host: node.host, port: node.port })), { redisOptions: { maxRetriesPerRequest: 3 } })
      : new Redis(options.url ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });
  client.on('error', () => {});
  client.defineCommand('kindlingSwap', { numberOfKeys: 1, lua: SWAP_LUA });
  const swap = (client as unknown as { kindlingSwap(key: string, hasExpected: string, expected: string, next: string): Promise<number> }).kindlingSwap.bind(client);
  const k = (key: string) => prefix + key;

  return {
    get: (key) => client.get(k(key)),
    async put(key, value) {
      await client.set(k(key), value);
    },
    async swap(key, expected, next) {
      return (await swap(k(key), expected === null ? '0' : '1', expected ?? '', next)) === 1;
    },
    async remove(key) {
      await client.del(k(key));
    },
    async addCounters(key, increments, expireMs) {
      const fields = Object.keys(increments);
      const pipeline = client.pipeline();
      for (const field of fields) pipeline.hincrbyfloat(k(key), field, increments[field] as number);
      if (expireMs !== undefined) pipeline.pexpire(k(key), expireMs);
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error !== null);
      if (failed) throw failed[0];
      return Object.fromEntries(fields.map((field, i) => [field, Number(results[i]?.[1])]));
    },
    async readCounters(key) {
      const raw = await client.hgetall(k(key));
      return Object.fromEntries(Object.entries(raw).map(([field, value]) => [field, Number(value)]));
    },
    async setFields(key, fields) {
      if (Object.keys(fields).length > 0) await client.hset(k(key), fields);
    },
    readFields: (key) => client.hgetall(k(key)),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
