import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExposition, scrape, sampleValue } from '../../test/scrape.js';
import { startTestServer, type TestServer } from '../../test/server.js';

const TOKEN = 'scraper-token-0123456789';
const ANSWERS = 'kindling_http_request_duration_seconds_count';

describe('GET /metrics while metrics are off (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('is an unknown path: 404 NOT_FOUND, with a token or without', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const answer = await t.call('GET', '/metrics', { key: null, headers });
      expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });
});

describe('GET /metrics with KINDLING_METRICS=1 and a token', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { KINDLING_METRICS: '1', KINDLING_METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it.each([
    ['no Authorization header', {}],
    ['another token', { authorization: `Bearer ${TOKEN}x` }],
    ['the token cut short', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token in another scheme', { authorization: `Basic ${TOKEN}` }],
    ['the token without its scheme', { authorization: TOKEN }],
    ['an application key instead', { 'x-api-key': 'use-the-app-key' }],
  ])('answers 401 INVALID_METRICS_TOKEN to %s, asking for a bearer token', async (_what, headers) => {
    const sent = 'x-api-key' in headers ? { 'x-api-key': t.appKey } : headers;
    const answer = await t.call('GET', '/metrics', { key: null, headers: sent });
    expect(answer).toMatchObject({ status: 401, body: { code: 'INVALID_METRICS_TOKEN' } });
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
  });

  it('answers the Prometheus text format with the token, which parses strictly', async () => {
    const answer = await t.call('GET', '/metrics', { key: null, headers: { authorization: `bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parseExposition(answer.body as string);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'kindling_webhook_attempts_total',
      'kindling_sweep_users_settled_total',
    ])
      expect(names).toContain(name);
  });

  it('counts each answer under its method, route pattern and status', async () => {
    const before = await scrape(t, TOKEN);
    const route = { method: 'GET', route: '/v1/users/:id/streak' };
    for (const user of ['ada', 'bob', 'cy']) expect((await t.call('GET', `/v1/users/${user}/streak`)).status).toBe(200);
    expect((await t.call('GET', '/v1/users/ada/streak', { key: 'kl_app_wrong' })).status).toBe(401);
    const recorded = await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
    expect(recorded.status).toBe(201);
    const after = await scrape(t, TOKEN);
    const moved = (labels: Record<string, string>) =>
      sampleValue(after, ANSWERS, labels) - sampleValue(before, ANSWERS, labels);
    expect(moved({ ...route, status: '200' })).toBe(3);
    expect(moved({ ...route, status: '401' })).toBe(1);
    expect(moved({ method: 'POST', route: '/v1/metrics/:key/event', status: '201' })).toBe(1);
    // the time of each answer, in seconds: more than nothing, less than the test took
    const seconds = sampleValue(after, 'kindling_http_request_duration_seconds_sum', { ...route, status: '200' });
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    // and the scrape before this one is counted too, under its own route
    expect(sampleValue(after, ANSWERS, { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('labels no series with a raw URL: 1,000 unknown paths share one label, and bad URLs too', async () => {
    const before = await scrape(t, TOKEN);
    for (let i = 0; i < 1_000; i++) {
      const answer = await t.call('GET', `/no-such-path-${i}/${'z'.repeat(i % 50)}?q=${i}`);
      expect(answer.status).toBe(404);
    }
    expect((await t.call('GET', '/v1/users/%E0%A4%A/streak')).status).toBe(400);
    const after = await scrape(t, TOKEN);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(sampleValue(after, ANSWERS, unmatched) - sampleValue(before, ANSWERS, unmatched)).toBe(1_000);
    const routes = new Set(after.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/no-such-path|%E0|\?/);
    // the routes asked in this file and the one for unmatched answers
    expect([...routes].sort()).toEqual(['/metrics', '/v1/metrics/:key/event', '/v1/users/:id/streak', 'unmatched']);
    // a series per (method, route, status), with the histogram's buckets: far fewer than the paths sent
    expect(after.filter((s) => s.name === ANSWERS).length).toBeLessThan(20);
  });
});

describe('GET /metrics with KINDLING_METRICS=1 and no token, on loopback', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { KINDLING_METRICS: '1' } });
  });
  afterAll(() => t.close());

  it('answers a request from this machine: the settings allow no token on a loopback listener only', async () => {
    const answer = await t.call('GET', '/metrics', { key: null });
    expect(answer.status).toBe(200);
    expect(() => parseExposition(answer.body as string)).not.toThrow();
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
  ])(
    'refuses a request a proxy forwarded (%s): a proxy on this machine would serve the metrics to anyone',
    async (_what, headers) => {
      const answer = await t.call('GET', '/metrics', { key: null, headers });
      expect(answer).toMatchObject({ status: 401, body: { code: 'INVALID_METRICS_TOKEN' } });
    },
  );

  it('refuses a request from another address', async () => {
    const answer = await t.server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.7' });
    expect(answer.statusCode).toBe(401);
  });
});
