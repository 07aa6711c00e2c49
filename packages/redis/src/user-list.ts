/**
 * The account's users, in UTF-16 order of their ids, over every partition: each partition's sorted
 * set is read by range after the last id given (members sort as the ids do, keys.ts encodeMember).
 */
import type { Connection } from './connection.js';
import { decodeMember, encodeMember, type PartitionKeys } from './keys.js';
import { mergePages } from './partition-merge.js';

const byUserId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function listUsers(
  connection: Connection,
  partitions: readonly PartitionKeys[],
  after: string | null,
  limit: number,
): Promise<string[]> {
  return mergePages(
    partitions.map(({ users }) => async (last: string | null, count: number) => {
      const from = last ?? after;
      const members = await connection.run(
        connection.client.zrangebylex(users, from === null ? '-' : `(${encodeMember(from)}`, '+', 'LIMIT', 0, count),
        users,
      );
      return members.map((member) => decodeMember(member, users));
    }),
    limit > 0 ? Math.floor(limit) : 0,
    byUserId,
  );
}
