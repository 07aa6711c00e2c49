/**
 * On a Redis Cluster, the writes in the partition's slot that follow a user's commit (the index lines
 * and counts, the outbox registry) are not waited for by the user's answer, and the partition's node
 * may be paused or failing over: each is tried again until it lands, for a while, then given up and
 * told. Foreign data in the partition's keys does not go away by trying again: it is given up at once.
 */

/** How long a Cluster's partition-slot write after a commit is tried again before it is given up (and told). */
export const PARTITION_RETRY_MS = 60_000;

/** A failure of the script on what the keys hold (the script's own KINDLING message, WRONGTYPE), not of Redis answering. */
export function isDataProblem(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.startsWith('KINDLING ') || message.startsWith('WRONGTYPE');
}

/**
 * Runs `write` until it lands, for up to PARTITION_RETRY_MS. Resolves with nothing once it has landed,
 * or with what it failed with last when it was given up. A write tried again must be one that lands
 * once however often it is sent (each checks what it already did).
 */
export async function retryInPartitionSlot(
  write: () => Promise<unknown>,
): Promise<{ readonly failed: unknown } | undefined> {
  const deadline = Date.now() + PARTITION_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return undefined;
    } catch (error) {
      if (isDataProblem(error) || Date.now() >= deadline) return { failed: error };
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
    }
  }
}
