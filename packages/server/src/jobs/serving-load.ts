/**
 * Whether the process is serving as many requests as it can: it served requests since the last look
 * and its event loop was busy over BUSY of that time. The background jobs (the relay, relay.ts; the
 * sweeper, sweeper.ts) ask it before each batch and give way while it says so, so that events keep
 * their rate and latency and the jobs take what is left. A job's own work keeps the loop busy too:
 * busy counts only while requests come in. Each job keeps one of its own (each look measures the
 * time since that job's last look), told the process's count of requests by the server.
 */

/** Above this share of busy event loop since the last look, while requests come in, the process is busy. */
export const BUSY = 0.9;

export class ServingLoad {
  private loop = performance.eventLoopUtilization();
  private lastLook = Number.NEGATIVE_INFINITY;
  private wasBusy = false;
  /** how many requests the process has served (set by the server), and that number at the last look */
  private served: () => number = () => 0;
  private servedBefore = 0;

  /** `lookEveryMs`: a look within this long of the one before answers as it did (0: every look measures). */
  constructor(private readonly lookEveryMs = 0) {}

  /** Tells it how many requests the process has served so far. */
  watchRequests(served: () => number): void {
    this.served = served;
  }

  /** Whether the process served requests and its event loop was busy over BUSY of the time since the last look. */
  busy(): boolean {
    const at = performance.now();
    if (at - this.lastLook < this.lookEveryMs) return this.wasBusy;
    this.lastLook = at;
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, this.loop);
    this.loop = now;
    const served = this.served();
    const serving = served !== this.servedBefore;
    this.servedBefore = served;
    this.wasBusy = serving && since.utilization > BUSY;
    return this.wasBusy;
  }
}
