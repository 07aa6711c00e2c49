/**
 * How a long-running command stops, for every such command alike: the first SIGINT (Ctrl-C) or
 * SIGTERM (a process manager, `docker stop`) asks it to stop cleanly; a second one exits at once,
 * unless it comes within a second of the first, which is the same stop delivered twice (pnpm
 * passes Ctrl-C on to a process group that had it already). The exit code names the signal.
 */
export type StopSignal = 'SIGINT' | 'SIGTERM';

const REPEATED_WITHIN_MS = 1_000;

/** 128 + the signal's number, as a shell reports a command the signal ended. */
export function exitCodeFor(signal: StopSignal): number {
  return signal === 'SIGINT' ? 130 : 143;
}

/**
 * Calls `stop` on the first stop signal; on a later one, says so through `note` and exits. Returns
 * the function that stops listening.
 */
export function onStopSignal(stop: (signal: StopSignal) => void, note: (text: string) => void): () => void {
  let stoppingSince: number | null = null;
  const onSignal = (signal: StopSignal) => {
    if (stoppingSince !== null) {
      if (Date.now() - stoppingSince < REPEATED_WITHIN_MS) return;
      note(`${signal} again: exiting without waiting`);
      process.exit(exitCodeFor(signal));
    }
    stoppingSince = Date.now();
    stop(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
