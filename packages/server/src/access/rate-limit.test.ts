import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { RateLimiter } from './rate-limit.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeAll(async () => {
  t = await startTestServer({ env: { KINDLING_RATE_LIMIT: '1', KINDLING_RATE_BURST: '2' }, clock: () => now });
});
afterAll(() => t.close());

const read = (key?: string) => t.call('GET', '/v1/users/ada/streak', key !== undefined ? { key } : {});

describe('the rate limit per API key', () => {
  it('lets a burst through, then answers 429 RATE_LIMITED with Retry-After, and lets requests through again after waiting', async () => {
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBe('1');
    now += 1000;
    expect((await read()).status).toBe(200);
  });

  it('keeps the buckets of different keys apart', async () => {
    now += 10_000;
    for (let i = 0; i < 2; i++) expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(429);
    expect((await read(t.adminKey)).status).toBe(200);
  });
});

describe('a bucket handed the instant of its request', () => {
  it('is neither drained nor moved back by an instant older than its last refill', () => {
    const limiter = new RateLimiter(1, 2, () => 0);
    expect(limiter.take('k', 10_000)).toBe(0);
    // a request whose instant was read before the previous one's: one token is left for it
    expect(limiter.take('k', 9_000)).toBe(0);
    // the bucket is empty at 10 s, and refills from 10 s, not from 9 s
    expect(limiter.take('k', 10_000)).toBe(1);
    expect(limiter.take('k', 10_500)).toBe(1);
    expect(limiter.take('k', 11_000)).toBe(0);
  });
});

describe('the buckets a limiter holds', () => {
  it('keeps a drained bucket drained however many other ids come (the sign-in limits: 10 at once, one every 10 s)', () => {
    const at = 1_000_000;
    const limiter = new RateLimiter(0.1, 10, () => at);
    for (let i = 0; i < 10; i++) expect(limiter.take('account:owner')).toBe(0);
    expect(limiter.take('account:owner')).toBeGreaterThan(0);
    for (let i = 0; i < 100_002; i++) limiter.take(`client:2001:db8:${i.toString(16)}::1`);
    expect(limiter.take('account:owner')).toBeGreaterThan(0);
  });

  it('forgets the buckets that have filled up again, which a new id would start as anyway', () => {
    let at = 1_000_000;
    const limiter = new RateLimiter(0.1, 10, () => at);
    limiter.take('account:owner');
    for (let i = 0; i < 100_000; i++) limiter.take(`client:${i}`);
    expect(limiter.size).toBe(100_001);
    at += 10_000;
    limiter.take('client:new');
    expect(limiter.size).toBeLessThanOrEqual(2);
    // the owner's bucket, taken from 10 s ago, is full again: forgetting it changed nothing
    for (let i = 0; i < 10; i++) expect(limiter.take('account:owner')).toBe(0);
    expect(limiter.take('account:owner')).toBeGreaterThan(0);
  });
});
