import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterEach(() => t.close());

describe('DELETE /admin/v1/metrics?ids=', () => {
  it('archives metrics given as repeated and comma-separated ids; an archived metric takes no events', async () => {
    const made = await t.call('POST', '/admin/v1/metrics', {
      key: t.adminKey,
      body: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
    });
    const [a, b, c] = made.body.created.map((m: { id: string }) => m.id);
    const res = await t.call('DELETE', `/admin/v1/metrics?ids=${a},${b}&ids=${c}&ids=missing`, { key: t.adminKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deleted: [{ id: a }, { id: b }, { id: c }],
      issues: [{ id: 'missing', severity: 'error', message: 'id must be a valid UUID' }],
    });
    const event = await t.call('POST', '/v1/metrics/a/event', { body: { user: { id: 'ada' }, value: 1 } });
    expect(event.status).toBe(409);
    expect(event.body.code).toBe('METRIC_ARCHIVED');
  });

  it('warns when the streak rule still counts the archived metric', async () => {
    const [lessons] = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    const res = await t.call('DELETE', `/admin/v1/metrics?ids=${lessons.id}`, { key: t.adminKey });
    expect(res.body).toEqual({
      deleted: [{ id: lessons.id }],
      issues: [
        { id: lessons.id, severity: 'warning', message: 'The streak rule still counts "lessons": change the rule' },
      ],
    });
  });

  it('refuses a request without ids or with more than 100', async () => {
    expect((await t.call('DELETE', '/admin/v1/metrics', { key: t.adminKey })).status).toBe(422);
    expect((await t.call('DELETE', '/admin/v1/metrics?ids=,', { key: t.adminKey })).status).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`).join(',');
    expect((await t.call('DELETE', `/admin/v1/metrics?ids=${many}`, { key: t.adminKey })).status).toBe(422);
  });
});
