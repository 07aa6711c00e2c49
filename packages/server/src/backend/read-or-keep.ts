/**
 * What the control plane said (an API key's record, an account's configuration) is kept in memory
 * and read again when older than the cache time. That read must not hold requests up when the
 * control plane fails or stalls (a Redis node paused, a Cluster node lost while the streak data of
 * the user asked for is elsewhere): the request that starts it waits for it at most
 * REREAD_PATIENCE_MS, and takes what was kept when it is slower or fails with a StoreError; the
 * read goes on in the background and replaces what was kept once it answers. What is kept can so
 * outlive the cache time while the control plane does not answer, and only then.
 */
import { StoreError } from '@kindling/core';

/** How long a request waits for a re-read before it goes on with what was kept. */
export const REREAD_PATIENCE_MS = 250;

/** `reading`'s value if it comes within `ms`; else, or when it fails with a StoreError, `kept`. Other failures are thrown. */
export function readOrKeep<T>(reading: Promise<T>, kept: T, ms: number = REREAD_PATIENCE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => resolve(kept), ms);
    reading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (error instanceof StoreError) resolve(kept);
        else reject(error);
      },
    );
  });
}
