/**
 * A token bucket per API key, in this process: `burst` requests at once, refilled at `perSecond`.
 * Processes sharing a Redis also pay for what the others took (shared-limits.ts).
 */
/** Past this many buckets, a new id first makes the limiter forget the buckets that are full again. */
const FORGET_FULL_PAST = 100_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** the count of buckets at which the next sweep runs: twice what the last one kept, so sweeps cost O(1) a call on average */
  private sweepAt = FORGET_FULL_PAST;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The key's bucket, refilled up to `now`. An instant older than the last refill (a request's,
   * read before another request's refill) neither drains the bucket nor moves its time back.
   */
  private refilled(id: string, now: number): { tokens: number; at: number } {
    let bucket = this.buckets.get(id);
    if (bucket === undefined) {
      if (this.buckets.size > this.sweepAt) this.forgetFull(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(id, bucket);
    }
    if (now > bucket.at) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
      bucket.at = now;
    }
    return bucket;
  }

  /** How many ids it holds a bucket for. */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Forgets every bucket that has filled up again by `now`: a new id starts full, so nothing is lost.
   * Never the others: clearing every bucket (as this did) handed each id a new burst, and enough new
   * client addresses reset the sign-in limits of the owner's account. What stays is bounded by the
   * rate of requests times the time a bucket takes to fill.
   */
  private forgetFull(now: number): void {
    for (const [id, bucket] of this.buckets) {
      const tokens = bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * this.perSecond;
      if (tokens >= this.burst) this.buckets.delete(id);
    }
    this.sweepAt = Math.max(FORGET_FULL_PAST, this.buckets.size * 2);
  }

  /** Takes away `requests` that were let through elsewhere (other processes); a bucket owes at most one burst. */
  charge(id: string, requests: number): void {
    const bucket = this.refilled(id, this.clock());
    bucket.tokens = Math.max(-this.burst, bucket.tokens - requests);
  }

  /** 0 when the request may go on, else the whole seconds to wait; `now`: the request's instant, if read already. */
  take(id: string, now: number = this.clock()): number {
    const bucket = this.refilled(id, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }
}
