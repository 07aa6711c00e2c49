/**
 * The rate limit of every server process sharing a Redis. Each process keeps its own token buckets
 * (no round trip per request) and, every `SYNC_MS`, adds what each id took since the last time to
 * a counter per id in the control plane (one round trip, which answers the totals), and charges its buckets for what
 * the other processes took meanwhile. A process starts counting the others at its first sync of an
 * id in a window (the counters hold every request of the window, so what came before cannot be told
 * from old news). An id can so exceed its limit across processes by what they let through in one
 * interval before they hear of each other.
 *
 * The counters are kept per window of `windowMs` and each window's record expires after two, so the
 * record stays bounded however many ids (client addresses, account names) are ever limited; at each
 * new window a process counts the others afresh. A process follows at most `maxFollowed` ids at once
 * (so that a sync stays one bounded round trip): the ids beyond are limited in this process alone.
 *
 * If the control plane cannot be reached, the buckets go on alone (the limit per process) and the
 * requests counted meanwhile are added at the next sync that succeeds.
 */
import type { ControlKV } from '@kindling/core/adapter';
import type { RateLimiter } from './rate-limit.js';

/** How often a process adds its counts and learns the others'. */
export const SYNC_MS = 200;
/** An id not used here for this long is no longer followed. */
const FORGET_MS = 10_000;

export interface SharedLimitsOptions {
  /** the name of the counters in the control plane (one per kind of limit) */
  record: string;
  /** how long one record of counters is used before the next; default 10 minutes */
  windowMs?: number;
  /** ids followed at once; default 10,000 */
  maxFollowed?: number;
}

export interface Limiter {
  /** 0 when the request may go on, else the whole seconds to wait; `now`: the request's instant, if read already. */
  take(id: string, now?: number): number;
}

export class SharedLimits implements Limiter {
  /** requests let through here since the last sync, per id asked for (0: asked, refused) */
  private pending = new Map<string, number>();
  /** each followed id's total as last read (in which window), and when this process last used it */
  private readonly followed = new Map<string, { total: number | null; window: number; usedAt: number }>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private readonly record: string;
  private readonly windowMs: number;
  private readonly maxFollowed: number;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly kv: ControlKV,
    private readonly clock: () => number = Date.now,
    options: SharedLimitsOptions = { record: 'ratelimit:requests' },
  ) {
    this.record = options.record;
    this.windowMs = options.windowMs ?? 10 * 60_000;
    this.maxFollowed = options.maxFollowed ?? 10_000;
  }

  // On every request: one map update; following the id and its clock are the sync's work.
  take(id: string, now?: number): number {
    const wait = this.limiter.take(id, now);
    this.pending.set(id, (this.pending.get(id) ?? 0) + (wait === 0 ? 1 : 0));
    return wait;
  }

  /** Adds this process's counts to the shared ones and charges the buckets for the others'. */
  sync(): Promise<void> {
    // A sync under way took its counts when it began: this one runs after it, with the counts of now.
    const run: Promise<void> = (this.syncing ?? Promise.resolve())
      .then(() => this.exchange())
      .finally(() => {
        if (this.syncing === run) this.syncing = null;
      });
    this.syncing = run;
    return run;
  }

  private async exchange(): Promise<void> {
    const now = this.clock();
    const window = Math.floor(now / this.windowMs);
    const mine = this.pending;
    this.pending = new Map();
    for (const [id, entry] of this.followed) if (now - entry.usedAt > FORGET_MS) this.followed.delete(id);
    for (const id of mine.keys()) {
      const entry = this.followed.get(id);
      if (entry !== undefined) entry.usedAt = now;
      else if (this.followed.size < this.maxFollowed) this.followed.set(id, { total: null, window, usedAt: now });
    }
    if (this.followed.size === 0) return;
    // Every followed id, with 0 for those not used since: their totals still tell what the others took.
    const increments = Object.fromEntries([...this.followed.keys()].map((id) => [id, mine.get(id) ?? 0]));
    let totals: Record<string, number>;
    try {
      totals = await this.kv.addCounters(`${this.record}:${window}`, increments, 2 * this.windowMs);
    } catch {
      // Counted again at the next sync; the counters may or may not hold them: at worst counted twice.
      for (const [id, n] of mine) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      return;
    }
    for (const [id, own] of Object.entries(increments)) {
      const entry = this.followed.get(id);
      const total = totals[id];
      if (entry === undefined || total === undefined) continue;
      // The first reading of a window is the baseline; a total that went down (the record was reset) starts a new one.
      if (entry.total !== null && entry.window === window && total >= entry.total) {
        const others = total - entry.total - own;
        if (others > 0) this.limiter.charge(id, others);
      }
      entry.total = total;
      entry.window = window;
    }
  }

  start(everyMs = SYNC_MS): void {
    if (this.timer !== null) return;
    // The timer never queues a sync behind another: a slow control plane is not asked more often.
    this.timer = setInterval(() => {
      if (this.syncing === null) void this.sync();
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
  }
}
