import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const admin = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(method, url, { key: t.adminKey, headers, ...(body !== undefined ? { body } : {}) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /admin/v1/tenants', () => {
  it('creates tenants with their customer ids and answers 201 with each', async () => {
    const res = await admin('POST', '/admin/v1/tenants', [
      { customerId: 'acme', name: 'Acme' },
      { customerId: 'globex-42', name: '  Globex  ' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      created: [
        {
          id: expect.stringMatching(UUID),
          customerId: 'acme',
          name: 'Acme',
          status: 'active',
          created: '2026-03-02T10:00:00.000Z',
          updated: '2026-03-02T10:00:00.000Z',
        },
        expect.objectContaining({ customerId: 'globex-42', name: 'Globex' }),
      ],
      issues: [],
    });
  });

  it('makes an issue of a customer id taken, repeated in the body, unfit for a header, or a blank name; 200 when none is created', async () => {
    await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Acme' }]);
    const res = await admin('POST', '/admin/v1/tenants', [
      { customerId: 'acme', name: 'Again' },
      { customerId: 'twice', name: 'One' },
      { customerId: 'twice', name: 'Two' },
      { customerId: ' padded', name: 'Padded' },
      { customerId: 'caf\u00e9', name: 'Not ASCII' },
      { customerId: 'blank', name: '   ' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((c: { customerId: string }) => c.customerId)).toEqual(['twice']);
    expect(res.body.issues).toEqual([
      { index: 0, severity: 'error', message: 'Customer ID "acme" already exists in this account' },
      { index: 2, severity: 'error', message: 'Customer ID "twice" already exists in this account' },
      { index: 3, severity: 'error', message: expect.stringContaining('printable ASCII') },
      { index: 4, severity: 'error', message: expect.stringContaining('printable ASCII') },
      { index: 5, severity: 'error', message: 'Name must not be blank' },
    ]);
    const none = await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Again' }]);
    expect(none.status).toBe(200);
    expect(none.body.created).toEqual([]);
  });

  it('makes an issue of a tenant beyond 10,000, the most an account may have', async () => {
    const accountId = t.server.firstStart!.account.id;
    const at = '2026-01-01T00:00:00Z';
    await t.server.ctx.backend.control.changeTenants(accountId, () =>
      Array.from({ length: 10_000 }, (_, i) => ({
        id: `t${i}`,
        customerId: `c${i}`,
        name: `C${i}`,
        status: 'active' as const,
        created: at,
        updated: at,
      })),
    );
    const res = await admin('POST', '/admin/v1/tenants', [{ customerId: 'one-more', name: 'One more' }]);
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual([
      { index: 0, severity: 'error', message: 'An account may have at most 10000 tenants' },
    ]);
  });

  it('refuses a body that is not 1 to 100 items of customerId and name up to 255 characters with 422', async () => {
    const bodies: unknown[] = [
      [],
      Array.from({ length: 101 }, (_, i) => ({ customerId: `c${i}`, name: 'n' })),
      [{ customerId: 'x'.repeat(256), name: 'n' }],
      [{ customerId: 'x', name: 'n'.repeat(256) }],
      [{ customerId: '', name: 'n' }],
      [{ name: 'n' }],
      [{ customerId: 5, name: 'n' }],
      { customerId: 'x', name: 'n' },
    ];
    for (const body of bodies) {
      const res = await admin('POST', '/admin/v1/tenants', body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), 422]);
    }
    expect((await admin('GET', '/admin/v1/tenants')).body).toEqual([]);
  });
});

describe('GET /admin/v1/tenants and /admin/v1/tenants/:id', () => {
  it('lists a page of tenants, oldest first, 10 unless limit says otherwise, after skip', async () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ customerId: `c${i}`, name: `Tenant ${i}` }));
    await admin('POST', '/admin/v1/tenants', items);
    const ids = (list: { body: Array<{ customerId: string }> }) => list.body.map((x) => x.customerId);
    expect(ids(await admin('GET', '/admin/v1/tenants'))).toEqual(items.slice(0, 10).map((i) => i.customerId));
    expect(ids(await admin('GET', '/admin/v1/tenants?limit=3&skip=10'))).toEqual(['c10', 'c11']);
    for (const query of ['limit=0', 'limit=101', 'skip=-1', 'limit=abc'])
      expect([query, (await admin('GET', `/admin/v1/tenants?${query}`)).status]).toEqual([query, 422]);
  });

  it('answers one tenant by id, and 404 NOT_FOUND for an id no tenant has', async () => {
    const made = (await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Acme' }])).body.created[0];
    expect((await admin('GET', `/admin/v1/tenants/${made.id}`)).body).toEqual(made);
    const missing = await admin('GET', '/admin/v1/tenants/00000000-0000-4000-8000-000000000000');
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('PATCH /admin/v1/tenants', () => {
  it('renames a tenant and changes its customer id, stamping updated', async () => {
    const made = (await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Acme' }])).body.created[0];
    now += 60_000;
    const res = await admin('PATCH', '/admin/v1/tenants', [{ id: made.id, customerId: 'acme-inc', name: 'Acme Inc' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updated: [{ ...made, customerId: 'acme-inc', name: 'Acme Inc', updated: '2026-03-02T10:01:00.000Z' }],
      issues: [],
    });
    expect((await admin('GET', `/admin/v1/tenants/${made.id}`)).body.customerId).toBe('acme-inc');
  });

  it('makes an issue of an unknown id, nothing to change, a blank name, and a customer id another tenant has', async () => {
    const made = (
      await admin('POST', '/admin/v1/tenants', [
        { customerId: 'acme', name: 'Acme' },
        { customerId: 'globex', name: 'Globex' },
      ])
    ).body.created;
    const res = await admin('PATCH', '/admin/v1/tenants', [
      { id: 'nope', name: 'X' },
      { id: made[0].id },
      { id: made[0].id, name: ' ' },
      { id: made[0].id, customerId: 'globex' },
      { id: made[0].id, customerId: 'bad\u0007id' },
      { id: made[1].id, customerId: 'globex', name: 'Same id is fine' },
    ]);
    expect(res.body.issues).toEqual([
      { id: 'nope', severity: 'error', message: 'Tenant not found by ID' },
      { id: made[0].id, severity: 'error', message: 'Nothing to change: give customerId or name' },
      { id: made[0].id, severity: 'error', message: 'Name must not be blank' },
      { id: made[0].id, severity: 'error', message: 'Customer ID "globex" already exists in this account' },
      { id: made[0].id, severity: 'error', message: expect.stringContaining('printable ASCII') },
    ]);
    expect(res.body.updated.map((x: { name: string }) => x.name)).toEqual(['Same id is fine']);
  });
});

describe('DELETE /admin/v1/tenants', () => {
  it('deletes tenants by id (repeated or comma-separated) with an issue for each unknown id', async () => {
    const made = (
      await admin('POST', '/admin/v1/tenants', [
        { customerId: 'a', name: 'A' },
        { customerId: 'b', name: 'B' },
        { customerId: 'c', name: 'C' },
      ])
    ).body.created;
    const res = await admin('DELETE', `/admin/v1/tenants?ids=${made[0].id},nope&ids=${made[1].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deleted: [{ id: made[0].id }, { id: made[1].id }],
      issues: [{ id: 'nope', severity: 'error', message: 'id must be a valid UUID' }],
    });
    expect((await admin('GET', '/admin/v1/tenants')).body.map((x: { id: string }) => x.id)).toEqual([made[2].id]);
    const none = await admin('DELETE', '/admin/v1/tenants?ids=');
    expect([none.status, none.body.code]).toEqual([422, 'INVALID_INPUT']);
  });
});

describe('the Tenant-ID header', () => {
  it('is ignored by the tenant routes and by deleting application keys, even when it names no tenant', async () => {
    const headers = { 'tenant-id': 'no-such-tenant' };
    expect((await admin('GET', '/admin/v1/tenants', undefined, headers)).status).toBe(200);
    const made = await admin('POST', '/admin/v1/tenants', [{ customerId: 'a', name: 'A' }], headers);
    expect(made.status).toBe(201);
    expect((await admin('GET', `/admin/v1/tenants/${made.body.created[0].id}`, undefined, headers)).status).toBe(200);
    expect((await admin('PATCH', '/admin/v1/tenants', [{ id: 'x', name: 'X' }], headers)).status).toBe(200);
    expect((await admin('DELETE', '/admin/v1/tenants?ids=x', undefined, headers)).status).toBe(200);
    expect((await admin('DELETE', '/admin/v1/application-api-keys?ids=x', undefined, headers)).status).toBe(200);
  });

  it('answers 404 UNKNOWN_TENANT, naming the value, for a customer id no tenant of the account has', async () => {
    const res = await t.call('GET', '/v1/users/ada/streak', { headers: { 'tenant-id': 'ghost' } });
    expect([res.status, res.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
    expect(res.body.error).toContain('"ghost"');
    const other = await admin('GET', '/admin/v1/metrics', undefined, { 'tenant-id': 'ghost' });
    expect([other.status, other.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
    const [lessons] = (await admin('GET', '/admin/v1/metrics')).body;
    const one = await admin('GET', `/admin/v1/metrics/${lessons.id}`, undefined, { 'tenant-id': 'ghost' });
    expect([one.status, one.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
  });

  it('answers a hostile value with a clean 4xx and makes no tenant of it', async () => {
    const values = ['__proto__', 'constructor', 'x'.repeat(256), 'a'.repeat(20_000), '', '   '];
    for (const value of values) {
      const res = await t.call('POST', '/v1/metrics/lessons/event', {
        headers: { 'tenant-id': value },
        body: { user: { id: 'ada' }, value: 1 },
      });
      expect([value.slice(0, 20), res.status >= 400 && res.status < 500]).toEqual([value.slice(0, 20), true]);
    }
    const long = await t.call('GET', '/v1/achievements', { headers: { 'tenant-id': 'x'.repeat(256) } });
    expect([long.status, long.body.code]).toEqual([400, 'INVALID_TENANT_ID']);
    const proto = await t.call('GET', '/v1/achievements', { headers: { 'tenant-id': '__proto__' } });
    expect([proto.status, proto.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
    expect((await admin('GET', '/admin/v1/tenants')).body).toEqual([]);
    expect((await t.call('GET', '/v1/users/ada')).status).toBe(404);
  });

  it('reaches a tenant under its new customer id after PATCH, with its data, and not under the old one', async () => {
    const made = (await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Acme' }])).body.created[0];
    await t.call('POST', '/v1/metrics/lessons/event', {
      headers: { 'tenant-id': 'acme' },
      body: { user: { id: 'ada' }, value: 3 },
    });
    await admin('PATCH', '/admin/v1/tenants', [{ id: made.id, customerId: 'acme-inc' }]);
    const renamed = await t.call('GET', '/v1/users/ada', { headers: { 'tenant-id': 'acme-inc' } });
    expect(renamed.body.totals).toEqual({ lessons: 3 });
    const old = await t.call('GET', '/v1/users/ada', { headers: { 'tenant-id': 'acme' } });
    expect([old.status, old.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
  });

  it('stops reaching a deleted tenant; the same customer id made again starts empty', async () => {
    const made = (await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Acme' }])).body.created[0];
    const headers = { 'tenant-id': 'acme' };
    await t.call('POST', '/v1/metrics/lessons/event', { headers, body: { user: { id: 'ada' }, value: 3 } });
    await admin('DELETE', `/admin/v1/tenants?ids=${made.id}`);
    const gone = await t.call('GET', '/v1/users/ada', { headers });
    expect([gone.status, gone.body.code]).toEqual([404, 'UNKNOWN_TENANT']);
    await admin('POST', '/admin/v1/tenants', [{ customerId: 'acme', name: 'Acme again' }]);
    expect((await t.call('GET', '/v1/users/ada', { headers })).status).toBe(404);
    const fresh = await t.call('POST', '/v1/metrics/lessons/event', {
      headers,
      body: { user: { id: 'ada' }, value: 1 },
    });
    expect(fresh.body.total).toBe(1);
  });
});
