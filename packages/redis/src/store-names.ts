/**
 * The names of the stores (accounts, namespaces) under a key prefix: each store marks its account
 * with `P:{A}:schema` on first use (schema.ts), so a SCAN for those keys on every node finds them
 * all. What an operator's clean-up looks through to find the namespaces nothing names any more (a
 * deleted tenant's). It reads the whole key space a page at a time: an operator's command, never a
 * request's.
 */
import type { Cluster, Redis } from 'ioredis';
import { connect, type ConnectionOptions } from './connection.js';
import { checkKeyPrefix, unescapeName } from './keys.js';

export interface RedisStoreNamesOptions extends ConnectionOptions {
  /** the stores' key prefix; default "kl" */
  readonly keyPrefix?: string;
}

async function scanNode(node: Redis, pattern: string, found: Set<string>, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const name = key.slice(prefix.length + 2, key.length - '}:schema'.length);
      // an escaped name holds no ':': anything else is a user's or a partition's key
      if (!name.includes(':') && !name.includes('{') && !name.includes('}')) found.add(unescapeName(name));
    }
  } while (cursor !== '0');
}

/** The names of the stores under the prefix, in order. */
export async function redisStoreNames(options: RedisStoreNamesOptions = {}): Promise<string[]> {
  const prefix = checkKeyPrefix(options.keyPrefix ?? 'kl');
  const connection = connect(options);
  const found = new Set<string>();
  try {
    const client = connection.client;
    const nodes = connection.cluster ? (client as Cluster).nodes('master') : [client as Redis];
    for (const node of nodes) await connection.run(scanNode(node, `${prefix}:{*}:schema`, found, prefix));
  } finally {
    await connection.close();
  }
  return [...found].sort();
}
