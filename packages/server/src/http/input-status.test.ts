import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

/**
 * The hosted service's SDK turns each status an endpoint documents into its own error class (422:
 * UnprocessableEntityError); a status the endpoint does not document is a generic error. So a route
 * of that API answers invalid input with the status its reference lists: 422 where it lists 422 and
 * not 400, 400 where it lists 400. Routes of Kindling's own keep 400.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'ada' }, value: 1 } });
});
afterAll(() => t.close());

type Call = [method: string, path: string, body?: unknown];

const documents422: Call[] = [
  ['GET', '/v1/users/ada/streak?historyPeriods=367'],
  ['GET', '/v1/streaks'],
  ['GET', '/v1/users/ada/metrics/lessons/event-summary?aggregation=yearly&startDate=2026-03-01&endDate=2026-03-02'],
  ['GET', '/v1/users/ada/metrics/lessons/event-summary?aggregation=daily&startDate=2026-03-04&endDate=2026-03-02'],
  ['PATCH', '/v1/users/ada/preferences', { notifications: { recap: ['pigeon'] } }],
  ['GET', `/v1/users/ada/achievements?includeIncomplete=${'x'.repeat(256)}`],
  ['POST', '/admin/v1/metrics', []],
  ['GET', '/admin/v1/metrics?limit=101'],
  ['DELETE', '/admin/v1/tenants'],
  ['POST', '/admin/v1/attributes', { name: 'Plan' }],
  ['POST', '/admin/v1/application-api-keys', [{}]],
  ['DELETE', '/admin/v1/streaks/pauses'],
];

const documents400: Call[] = [
  ['POST', '/v1/metrics/lessons/event', { user: { id: 'ada' }, value: 'one' }],
  ['POST', '/v1/users', { id: '' }],
  ['PATCH', '/v1/users/ada', { tz: 'Mars/Olympus' }],
  ['POST', '/admin/v1/streaks/freezes', { freezes: [] }],
  ['POST', '/admin/v1/metrics/events', []],
  ['GET', '/admin/v1/users?limit=0'],
  ['POST', '/admin/v1/webhooks', { url: 'not a url' }],
];

async function statusOf([method, path, body]: Call): Promise<[string, number, string]> {
  const res = await t.call(method, path, { key: t.adminKey, ...(body !== undefined ? { body } : {}) });
  return [`${method} ${path}`, res.status, (res.body as { code: string }).code];
}

describe('the status of invalid input', () => {
  it('is 422 on the routes whose reference documents 422 and not 400, with the same code', async () => {
    for (const call of documents422) {
      const [name, status, code] = await statusOf(call);
      expect([name, status]).toEqual([name, 422]);
      expect(['INVALID_INPUT', 'INVALID_DATE']).toContain(code);
    }
  });

  it('is 400 on the routes whose reference documents 400, and on Kindling’s own', async () => {
    for (const call of documents400) {
      const [name, status] = await statusOf(call);
      expect([name, status]).toEqual([name, 400]);
    }
  });
});
