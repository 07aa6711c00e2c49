/**
 * Work a process does in the background every so often (the sweeper, the webhook relay): at most
 * one run at a time (asking for a run while one is under way answers that one), a timer that does
 * not keep the process alive, and a stop that waits for the run under way. Between two runs of the
 * schedule, one run more may be asked for at an instant the work knows (`wakeIn`: the sweeper's
 * next due user); the schedule itself stays as it was.
 */
export class Periodic<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;
  private stopped = false;
  private everyMs = 0;
  /** when the last run started (performance.now()), or when `start` was called, before the first */
  private lastStart: number | null = null;
  private late = 0;
  /** when `start` was called (performance.now()): the schedule's runs fall every `everyMs` after it */
  private startedAt = 0;
  /** the one extra run asked for, and when it falls (performance.now()) */
  private wake: { timer: NodeJS.Timeout; at: number } | null = null;

  constructor(private readonly work: () => Promise<T>) {}

  /**
   * How late the last run started, in ms, against its schedule: `everyMs` after the run before it
   * (a timer that fired late on a busy event loop, or ticks that found the run before still under
   * way). 0 when not started or on time.
   */
  get lateMs(): number {
    return this.late;
  }

  /** Whether `stop` was called: work in several steps ends early. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Runs every `everyMs` (0: never). */
  start(everyMs: number): void {
    if (everyMs <= 0 || this.timer !== null || this.stopped) return;
    this.everyMs = everyMs;
    this.lastStart = performance.now();
    this.startedAt = this.lastStart;
    this.timer = setInterval(() => void this.runOnce(), everyMs);
    this.timer.unref();
  }

  /**
   * Runs once more in `delayMs` (0 or more), when that falls before the schedule's next run and
   * before any extra run asked for already; nothing when not started (or stopped). A run under way
   * when it falls is that run: the work asks again at its end when it still needs one.
   */
  wakeIn(delayMs: number): void {
    if (this.timer === null || this.stopped) return;
    const now = performance.now();
    const at = now + Math.max(0, delayMs);
    const nextRun = this.startedAt + (Math.floor((now - this.startedAt) / this.everyMs) + 1) * this.everyMs;
    if (at >= nextRun || (this.wake !== null && this.wake.at <= at)) return;
    if (this.wake !== null) clearTimeout(this.wake.timer);
    const timer = setTimeout(() => {
      this.wake = null;
      void this.runOnce();
    }, at - now);
    timer.unref();
    this.wake = { timer, at };
  }

  /** One run (the one under way, when there is one). */
  runOnce(): Promise<T> {
    if (this.running === null) {
      const now = performance.now();
      this.late = this.everyMs > 0 && this.lastStart !== null ? Math.max(0, now - this.lastStart - this.everyMs) : 0;
      this.lastStart = now;
    }
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
    if (this.wake !== null) clearTimeout(this.wake.timer);
    this.wake = null;
    await this.running?.catch(() => {});
  }
}
