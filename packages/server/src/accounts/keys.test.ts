import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { createKey } from './accounts.js';
import { createApplicationKeys, revokeApplicationKeys } from './keys.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });

describe('application keys in bulk', () => {
  it('makes a key bound to each user of the namespace, refusing a blank user id', async () => {
    const { applied, issues } = await createApplicationKeys(deps(), t.accountId, 'tn1', [
      { userId: 'ada' },
      { userId: '  ' },
    ]);
    expect(applied.map((k) => [k.userId, k.record.kind, k.record.name, k.record.tenantId])).toEqual([
      ['ada', 'application', 'for user ada', 'tn1'],
    ]);
    expect(applied[0]?.key.startsWith(applied[0]?.record.prefix ?? '?')).toBe(true);
    expect(issues).toEqual([{ index: 1, severity: 'error', message: 'userId must not be blank' }]);
  });

  it('revokes live application keys only, telling of each as it goes, and makes an issue of every other id', async () => {
    const { applied } = await createApplicationKeys(deps(), t.accountId, null, [{ userId: 'a' }, { userId: 'b' }]);
    const [a, b] = applied.map((k) => k.record.id);
    const admin = await createKey(t.control, t.accountId, 'admin', 'ops', at);
    await revokeApplicationKeys(deps(), t.accountId, [b ?? '']);
    const heard: string[] = [];
    const revoked = await revokeApplicationKeys(
      deps(),
      t.accountId,
      [a ?? '', b ?? '', admin.record.id, 'not-a-uuid'],
      (record) => heard.push(record.id),
    );
    expect(revoked.applied.map((k) => [k.id, k.revokedAt])).toEqual([[a, '2026-03-02T10:00:00.000Z']]);
    expect(heard).toEqual([a]);
    expect(revoked.issues).toEqual([
      { id: b, severity: 'error', message: 'Application API key not found by ID' },
      { id: admin.record.id, severity: 'error', message: 'Application API key not found by ID' },
      { id: 'not-a-uuid', severity: 'error', message: 'id must be a valid UUID' },
    ]);
  });
});
