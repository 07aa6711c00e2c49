import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

/** Every bulk delete, with the noun of its "not found by ID" issue. */
const DELETES = [
  ['/admin/v1/metrics', 'Metric'],
  ['/admin/v1/achievements', 'Achievement'],
  ['/admin/v1/attributes', 'Attribute'],
  ['/admin/v1/tenants', 'Tenant'],
  ['/admin/v1/streaks/pauses', 'Streak pause'],
  ['/admin/v1/application-api-keys', 'Application API key'],
] as const;

const UNKNOWN = '0b7d2f3e-9c1a-4e5b-8f6d-2a3c4b5d6e7f';

describe('bulk deletes', () => {
  it.each(DELETES)(
    'DELETE %s says a malformed id must be a valid UUID, and a well-formed unknown one is not found',
    async (path, noun) => {
      const res = await t.call('DELETE', `${path}?ids=${UNKNOWN},nope,__proto__`, { key: t.adminKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        deleted: [],
        issues: [
          { id: UNKNOWN, severity: 'error', message: `${noun} not found by ID` },
          { id: 'nope', severity: 'error', message: 'id must be a valid UUID' },
          { id: '__proto__', severity: 'error', message: 'id must be a valid UUID' },
        ],
      });
    },
  );
});
