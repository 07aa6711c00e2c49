/**
 * A token bucket per API key, in this process: `burst` requests at once, refilled at `perSecond`.
 * Processes sharing a Redis also pay for what the others took (shared-limits.ts).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

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
      if (this.buckets.size > 100_000) this.buckets.clear();
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(id, bucket);
    }
    if (now > bucket.at) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
      bucket.at = now;
    }
    return bucket;
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
