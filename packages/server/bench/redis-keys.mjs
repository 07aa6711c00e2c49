// @ts-check
// What the benches that run a server on Redis leave behind: their keys, under a prefix of their own.
import { connectRedis } from '@kindling/redis';

/**
 * Deletes every key under `prefix:` on the Redis at `url`, and those the delivery queue keeps
 * under the hash tag `{prefix:…}` (one Cluster slot per queue); answers how many went.
 */
export async function deleteRedisKeys(/** @type {string} */ url, /** @type {string} */ prefix) {
  const connection = connectRedis({ url });
  const redis = connection.client;
  let deleted = 0;
  for (const pattern of [`${prefix}:*`, `{${prefix}:*`]) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  }
  await connection.close();
  return deleted;
}
