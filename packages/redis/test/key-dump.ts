/**
 * Test support: every key under a prefix as JSON (type and value, bytes in base64), and back under
 * another prefix, on a single Redis or a Cluster. For fixtures of a stored layout: what an older
 * adapter left in Redis, planted again for the newer one to open.
 */
import type { Cluster, Redis } from 'ioredis';
import { keysMatching } from './targets.js';

export interface DumpedKey {
  readonly key: string;
  readonly type: 'string' | 'hash' | 'zset';
  /** string: base64; hash: field (base64) → value (base64); zset: [member (base64), score] pairs */
  readonly value: string | Record<string, string> | Array<[string, string]>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64');

export async function dumpKeys(client: Redis | Cluster, prefix: string): Promise<DumpedKey[]> {
  const names = await keysMatching(client, `${prefix}:*`);
  const out: DumpedKey[] = [];
  for (const key of names.sort()) {
    const type = await client.type(key);
    if (type === 'string') out.push({ key, type, value: b64((await client.getBuffer(key)) as Buffer) });
    else if (type === 'hash') {
      const flat = (await client.callBuffer('HGETALL', key)) as Buffer[];
      const value: Record<string, string> = {};
      for (let i = 0; i < flat.length; i += 2) value[b64(flat[i] as Buffer)] = b64(flat[i + 1] as Buffer);
      out.push({ key, type, value });
    } else if (type === 'zset') {
      const flat = await client.zrangeBuffer(key, 0, -1, 'WITHSCORES');
      const value: Array<[string, string]> = [];
      for (let i = 0; i < flat.length; i += 2) value.push([b64(flat[i] as Buffer), (flat[i + 1] as Buffer).toString()]);
      out.push({ key, type, value });
    } else throw new Error(`${key}: a ${type}, which this dump does not keep`);
  }
  return out;
}

/** Writes the dumped keys, each under the name `rename` gives it. */
export async function restoreKeys(
  client: Redis | Cluster,
  keys: readonly DumpedKey[],
  rename: (key: string) => string,
): Promise<void> {
  for (const { key, type, value } of keys) {
    const name = rename(key);
    if (type === 'string') await client.set(name, Buffer.from(value as string, 'base64'));
    else if (type === 'hash') {
      const args: Buffer[] = [];
      for (const [field, bytes] of Object.entries(value as Record<string, string>))
        args.push(Buffer.from(field, 'base64'), Buffer.from(bytes, 'base64'));
      await client.hset(name, ...args);
    } else {
      const args: Array<string | Buffer> = [];
      for (const [member, score] of value as Array<[string, string]>) args.push(score, Buffer.from(member, 'base64'));
      await client.zadd(name, ...args);
    }
  }
}
