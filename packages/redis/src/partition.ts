/**
 * Partitions: the account-level structures (user list, analytics index lines, activity counts,
 * outbox registry) are split into PARTITIONS parts, each under its own hash tag, and a user's lines
 * go to the part chosen from the user id. On a Redis Cluster the parts' slots fall on every node, so
 * the writes that follow an account's events spread over the cluster as its users' own keys do, and
 * a paused node holds up only the users whose part or keys it serves. Reads of the whole account
 * (stats, user listing, activity, the outbox) combine the parts (partition-merge.ts).
 *
 * The number and the choice are part of the stored layout (schema version 3): changing either
 * would put users' lines where no read looks.
 */

/** How many parts an account's structures are split into. */
export const PARTITIONS = 16;

/** The part of a user: FNV-1a (32 bits) of the id's UTF-16 code units, modulo PARTITIONS. */
export function partitionNumber(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    const unit = userId.charCodeAt(i);
    hash ^= unit & 0xff;
    hash = Math.imul(hash, 0x01000193);
    hash ^= unit >>> 8;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PARTITIONS;
}
