/**
 * forgetIdempotency on Redis: the idempotency records recorded before an instant, found oldest first
 * in the partitions' `idemAt` sorted sets (keys.ts), at most `limit`. Each record goes by a script
 * in its user's slot that removes the field only if it still holds a record older than the instant
 * (a key recorded anew since stays), then its line by a script in the partition's slot that removes
 * it only if its score is still older (ZADD moved it for a record anew): so on a Cluster, where the
 * two are in different slots, a write in between is never undone. Records kept before the instants
 * were written (a value of JSON alone) have no line and are not removed.
 */
import { checkForgetArgs, type ForgottenRecords } from '@kindling/core/adapter';
import type { Connection } from './connection.js';
import { damaged } from './damaged.js';
import { type AccountKeys, unescapeName } from './keys.js';

/** KEYS[1]: a user's idem hash; ARGV: the field, the instant. 1 when the field went. */
export const FORGET_RECORD_LUA = `
local value = redis.call('HGET', KEYS[1], ARGV[1])
if not value then return 0 end
local at = tonumber(string.match(value, '^(%-?%d+) '))
if at and at < tonumber(ARGV[2]) then redis.call('HDEL', KEYS[1], ARGV[1]) return 1 end
return 0
`;

/** KEYS[1]: a partition's idemAt; ARGV: the member, the instant. 1 when the line went. */
export const FORGET_LINE_LUA = `
local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if at and tonumber(at) < tonumber(ARGV[2]) then redis.call('ZREM', KEYS[1], ARGV[1]) return 1 end
return 0
`;

interface Line {
  readonly idemAt: string;
  readonly member: string;
  readonly at: number;
}

export async function forgetIdempotency(
  connection: Connection,
  keys: AccountKeys,
  before: number,
  limit: number,
): Promise<ForgottenRecords> {
  checkForgetArgs(before, limit);
  const { client } = connection;
  // the oldest `limit` of each partition, then the oldest `limit` of them all
  const found = await Promise.all(
    keys.partitions.map((p) =>
      connection.run(client.zrangebyscore(p.idemAt, '-inf', `(${before}`, 'WITHSCORES', 'LIMIT', 0, limit), p.idemAt),
    ),
  );
  const lines: Line[] = [];
  found.forEach((reply, n) => {
    const idemAt = (keys.partitions[n] as AccountKeys['partitions'][number]).idemAt;
    for (let i = 0; i + 1 < reply.length; i += 2)
      lines.push({ idemAt, member: reply[i] as string, at: Number(reply[i + 1]) });
  });
  lines.sort((a, b) => a.at - b.at);
  const taken = lines.slice(0, limit);
  const removed = await Promise.all(
    taken.map(async ({ idemAt, member }) => {
      const colon = member.indexOf(':');
      if (colon < 0) throw damaged(`${idemAt}: member "${member}" does not name a user and an idempotency field`);
      const userId = unescapeName(member.slice(0, colon));
      await connection.runScript('kindlingForgetRecord', [keys.user(userId).idem], [member.slice(colon + 1), before]);
      return (await connection.runScript('kindlingForgetLine', [idemAt], [member, before])) === 1 ? 1 : 0;
    }),
  );
  const left = await Promise.all(
    keys.partitions.map((p) => connection.run(client.zcount(p.idemAt, '-inf', `(${before}`), p.idemAt)),
  );
  return { removed: removed.reduce<number>((sum, one) => sum + one, 0), more: left.some((count) => count > 0) };
}
