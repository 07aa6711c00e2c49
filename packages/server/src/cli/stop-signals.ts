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

/** A command's work that a stop signal ends at its next clean point. */
export interface Stoppable {
  /** aborted by the first stop signal */
  readonly signal: AbortSignal;
  /** the signal that stopped the work, or null */
  readonly stoppedBy: StopSignal | null;
  /** stops listening for the signals */
  off(): void;
}

/**
 * Listens for a stop of work that ends at a clean point (an import between lines, a rebuild between
 * users): on the first signal, says through `note` what happens now (`doing`) and how to quit at once,
 * then aborts `signal`.
 */
export function stoppable(doing: string, note: (text: string) => void): Stoppable {
  const controller = new AbortController();
  let stoppedBy: StopSignal | null = null;
  const off = onStopSignal((signal) => {
    stoppedBy = signal;
    note(`\n${signal}: ${doing} (${signal === 'SIGINT' ? 'Ctrl-C' : signal} again to quit at once)…`);
    controller.abort();
  }, note);
  return {
    signal: controller.signal,
    get stoppedBy() {
      return stoppedBy;
    },
    off,
  };
}
