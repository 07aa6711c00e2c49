import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { createTenants, deleteTenants, updateTenants } from './tenants.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });
const held = async () => (await t.control.tenants(t.accountId)).map((x) => `${x.customerId}:${x.name}`);

describe('createTenants', () => {
  it('creates tenants with unique customer ids and says why each refused one was refused', async () => {
    const { applied, issues } = await createTenants(deps(), t.accountId, [
      { customerId: 'school-1', name: ' School 1 ' },
      { customerId: 'school-1', name: 'Again' },
      { customerId: ' padded', name: 'P' },
      { customerId: 'school-2', name: ' ' },
    ]);
    expect(applied.map((x) => [x.customerId, x.name, x.status, x.created, x.updated])).toEqual([
      ['school-1', 'School 1', 'active', '2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z'],
    ]);
    expect(issues).toEqual([
      { index: 1, severity: 'error', message: 'Customer ID "school-1" already exists in this account' },
      {
        index: 2,
        severity: 'error',
        message: 'customerId must be printable ASCII (what a Tenant-ID header carries), without spaces at its ends',
      },
      { index: 3, severity: 'error', message: 'Name must not be blank' },
    ]);
  });

  it('decides again against a rival that made the same customer id, without doubling the issue', async () => {
    t.raceTenantsOnce((tenants) => [
      ...tenants,
      { id: 'r', customerId: 'school-1', name: 'Theirs', status: 'active', created: 'x', updated: 'x' },
    ]);
    const { applied, issues } = await createTenants(deps(), t.accountId, [
      { customerId: 'school-1', name: 'Mine' },
      { customerId: 'school-2', name: 'Two' },
    ]);
    expect(applied.map((x) => x.customerId)).toEqual(['school-2']);
    expect(issues).toEqual([
      { index: 0, severity: 'error', message: 'Customer ID "school-1" already exists in this account' },
    ]);
    expect(await held()).toEqual(['school-1:Theirs', 'school-2:Two']);
  });
});

describe('updateTenants and deleteTenants', () => {
  it('renames and moves customer ids by id, refuses a taken one, and deletes by id', async () => {
    const made = await createTenants(deps(), t.accountId, [
      { customerId: 'a', name: 'A' },
      { customerId: 'b', name: 'B' },
    ]);
    const [a, b] = made.applied.map((x) => x.id);
    const updated = await updateTenants({ control: t.control, clock: () => at + 1000 }, t.accountId, [
      { id: a ?? '', customerId: 'b' },
      { id: a ?? '', customerId: 'c' },
      { id: a ?? '', name: 'Sea' },
      { id: b ?? '' },
      { id: 'gone', name: 'X' },
    ]);
    expect(updated.applied.map((x) => [x.customerId, x.name, x.updated])).toEqual([
      ['c', 'Sea', '2026-03-02T10:00:01.000Z'],
    ]);
    expect(updated.issues.map((i) => [i.id, i.message])).toEqual([
      [a, 'Customer ID "b" already exists in this account'],
      [b, 'Nothing to change: give customerId or name'],
      ['gone', 'Tenant not found by ID'],
    ]);
    const deleted = await deleteTenants(deps(), t.accountId, ['not-a-uuid', b ?? '']);
    expect(deleted).toEqual({
      applied: [{ id: b }],
      issues: [{ id: 'not-a-uuid', severity: 'error', message: 'id must be a valid UUID' }],
    });
    expect(await held()).toEqual(['c:Sea']);
  });
});
