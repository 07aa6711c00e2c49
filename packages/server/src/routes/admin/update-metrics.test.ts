import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

describe('PATCH /admin/v1/metrics', () => {
  it('renames metrics by id, keeping the key, and names unknown ids in issues', async () => {
    const [lessons] = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    const res = await t.call('PATCH', '/admin/v1/metrics', {
      key: t.adminKey,
      body: [
        { id: lessons.id, name: 'Lessons done' },
        { id: 'nope', name: 'X' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updated: [{ ...lessons, name: 'Lessons done' }],
      issues: [{ id: 'nope', severity: 'error', message: 'Metric not found by ID' }],
    });
    const listed = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    expect(listed).toEqual([{ ...lessons, name: 'Lessons done' }]);
  });
});
