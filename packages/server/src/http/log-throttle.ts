/**
 * A log line written at most once a window, the next one saying how many were left out: while the
 * store is down every request fails alike, and a line (with its stack) per request would fill the
 * log at the request rate and bury what else happened.
 */

/** Calls `write(skipped)` at most once every `windowMs` of `clock`; `skipped` counts the calls left out since the last one written. */
export function throttledLog(windowMs: number, clock: () => number): (write: (skipped: number) => void) => void {
  let writtenAt = Number.NEGATIVE_INFINITY;
  let skipped = 0;
  return (write) => {
    const now = clock();
    if (now - writtenAt < windowMs) {
      skipped++;
      return;
    }
    writtenAt = now;
    const left = skipped;
    skipped = 0;
    write(left);
  };
}
