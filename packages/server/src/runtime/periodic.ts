/**
 * Work a process does in the background every so often (the sweeper, the webhook relay): at most
 * one run at a time (asking for a run while one is under way answers that one), a timer that does
 * not keep the process alive, and a stop that waits for the run under way.
 */
export class Periodic<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;
  private stopped = false;

  constructor(private readonly work: () => Promise<T>) {}

  /** Whether `stop` was called: work in several steps ends early. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Runs every `everyMs` (0: never). */
  start(everyMs: number): void {
    if (everyMs <= 0 || this.timer !== null || this.stopped) return;
    this.timer = setInterval(() => void this.runOnce(), everyMs);
    this.timer.unref();
  }

  /** One run (the one under way, when there is one). */
  runOnce(): Promise<T> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops running, waiting for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
