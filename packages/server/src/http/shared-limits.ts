/**
 * The rate limit of every server process sharing a Redis. Each process keeps its own token buckets
 * (no round trip per request) and, every `SYNC_MS`, adds what each key took since the last time to
 * a counter per key in the control plane (one round trip, which answers the totals), and charges its buckets for what
 * the other processes took meanwhile. A process starts counting the others at its first sync of a
 * key (the counters hold every request ever, so what came before cannot be told from old news).
 * A key can so exceed its limit across processes by what they let through in one interval before
 * they hear of each other.
 *
 * If the control plane cannot be reached, the buckets go on alone (the limit per process) and the
 * requests counted meanwhile are added at the next sync that succeeds.
 */
import type { ControlKV } from '../control/kv.js';
import type { RateLimiter } from './rate-limit.js';

/** How often a process adds its counts and learns the others'. */
export const SYNC_MS = 200;
/** The control plane's record of every key's requests, all processes together. */
const COUNTERS = 'ratelimit:requests';
/** A key not used here for this long is no longer followed. */
const FORGET_MS = 10_000;

export interface Limiter {
  /** 0 when the request may go on, else the whole seconds to wait. */
  take(id: string): number;
}

export class SharedLimits implements Limiter {
  /** requests let through here since the last sync, per key asked for (0: asked, refused) */
  private pending = new Map<string, number>();
  /** each followed key's total as last read, and when this process last used it */
  private readonly followed = new Map<string, { total: number | null; usedAt: number }>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly kv: ControlKV,
    private readonly clock: () => number = Date.now,
  ) {}

  // On every request: one map update; following the key and its clock are the sync's work.
  take(id: string): number {
    const wait = this.limiter.take(id);
    this.pending.set(id, (this.pending.get(id) ?? 0) + (wait === 0 ? 1 : 0));
    return wait;
  }

  /** Adds this process's counts to the shared ones and charges the buckets for the others'. */
  sync(): Promise<void> {
    this.syncing ??= this.exchange().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async exchange(): Promise<void> {
    const now = this.clock();
    const mine = this.pending;
    this.pending = new Map();
    for (const id of mine.keys()) {
      const entry = this.followed.get(id);
      if (entry === undefined) this.followed.set(id, { total: null, usedAt: now });
      else entry.usedAt = now;
    }
    for (const [id, entry] of this.followed) if (now - entry.usedAt > FORGET_MS) this.followed.delete(id);
    if (this.followed.size === 0) return;
    // Every followed key, with 0 for those not used since: their totals still tell what the others took.
    const increments = Object.fromEntries([...this.followed.keys()].map((id) => [id, mine.get(id) ?? 0]));
    let totals: Record<string, number>;
    try {
      totals = await this.kv.addCounters(COUNTERS, increments);
    } catch {
      // Counted again at the next sync; the counters may or may not hold them: at worst counted twice.
      for (const [id, n] of mine) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      return;
    }
    for (const [id, own] of Object.entries(increments)) {
      const entry = this.followed.get(id);
      const total = totals[id];
      if (entry === undefined || total === undefined) continue;
      // The first reading is the baseline; a total that went down (the record was reset) starts a new one.
      if (entry.total !== null && total >= entry.total) {
        const others = total - entry.total - own;
        if (others > 0) this.limiter.charge(id, others);
      }
      entry.total = total;
    }
  }

  start(everyMs = SYNC_MS): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => void this.sync(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
  }
}
