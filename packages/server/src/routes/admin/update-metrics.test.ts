import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

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

  it('changes the unit type and units of a metric, alone or with its name, and keeps what is not sent', async () => {
    const [lessons] = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    const patch = (body: unknown) => t.call('PATCH', '/admin/v1/metrics', { key: t.adminKey, body });
    const labelled = await patch([{ id: lessons.id, units: 'lessons' }]);
    expect(labelled.body.updated).toEqual([{ ...lessons, unitType: 'number', units: 'lessons' }]);
    const priced = await patch([{ id: lessons.id, name: 'Sales', unitType: 'currency', units: 'GBP' }]);
    expect(priced.body.updated).toEqual([{ ...lessons, name: 'Sales', unitType: 'currency', units: 'GBP' }]);
    const renamed = await patch([{ id: lessons.id, name: 'Sales made' }]);
    expect(renamed.body.updated).toEqual([{ ...lessons, name: 'Sales made', unitType: 'currency', units: 'GBP' }]);
    const [listed] = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    expect(listed).toMatchObject({ name: 'Sales made', unitType: 'currency', units: 'GBP' });
  });

  it('makes an issue of an unknown unit type, and of units that are no currency code for a currency metric', async () => {
    const [lessons] = (await t.call('GET', '/admin/v1/metrics', { key: t.adminKey })).body;
    const res = await t.call('PATCH', '/admin/v1/metrics', {
      key: t.adminKey,
      body: [
        { id: lessons.id, unitType: 'percent' },
        { id: lessons.id, unitType: 'currency' },
        { id: lessons.id, unitType: 'currency', units: 'USD' },
        { id: lessons.id, units: 'bucks' },
      ],
    });
    expect(res.body.issues).toEqual([
      { id: lessons.id, severity: 'error', message: 'unitType must be "number" or "currency", got "percent"' },
      {
        id: lessons.id,
        severity: 'error',
        message: 'units of a currency metric must be a currency code such as USD, got ""',
      },
      {
        id: lessons.id,
        severity: 'error',
        message: 'units of a currency metric must be a currency code such as USD, got "bucks"',
      },
    ]);
    expect(res.body.updated).toEqual([{ ...lessons, unitType: 'currency', units: 'USD' }]);
  });

  it('refuses an item that changes nothing with 422 INVALID_INPUT', async () => {
    const res = await t.call('PATCH', '/admin/v1/metrics', { key: t.adminKey, body: [{ id: 'x' }] });
    expect([res.status, res.body.code]).toEqual([422, 'INVALID_INPUT']);
    // the SDK's nulls for fields left undefined are fields not given
    const nulls = await t.call('PATCH', '/admin/v1/metrics', {
      key: t.adminKey,
      body: [{ id: 'x', name: null, unitType: null, units: null }],
    });
    expect([nulls.status, nulls.body.code]).toEqual([422, 'INVALID_INPUT']);
  });
});
