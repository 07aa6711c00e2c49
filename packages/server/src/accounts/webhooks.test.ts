import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { MAX_WEBHOOKS } from '../control/webhook-endpoint.js';
import { addWebhook, changeWebhook, removeWebhook } from './webhooks.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });
const hook = { url: 'https://example.com/hook', types: ['achievement.completed'] as const, secret: 's3cret' };

describe('webhook endpoints', () => {
  it('adds an endpoint on, changes it, turns it on again without the reason, and removes it', async () => {
    const added = await addWebhook(deps(), t.accountId, { ...hook, types: [...hook.types] });
    if (!('added' in added)) throw new Error('expected the endpoint to be added');
    expect(added.added).toMatchObject({ url: hook.url, secret: 's3cret', enabled: true, disabledReason: null });
    await t.control.changeWebhooks(t.accountId, (all) =>
      all.map((e) => ({ ...e, enabled: false, disabledReason: 'failing' })),
    );
    const later = { control: t.control, clock: () => at + 60_000 };
    const off = await changeWebhook(later, t.accountId, added.added.id, { url: 'https://example.com/other' });
    expect(off).toMatchObject({ url: 'https://example.com/other', enabled: false, disabledReason: 'failing' });
    const on = await changeWebhook(later, t.accountId, added.added.id, { enabled: true });
    expect(on).toMatchObject({ enabled: true, disabledReason: null, updated: '2026-03-02T10:01:00.000Z' });
    expect(await changeWebhook(later, t.accountId, 'gone', { enabled: true })).toBeNull();
    expect(await removeWebhook(deps(), t.accountId, 'gone')).toBeNull();
    expect((await removeWebhook(deps(), t.accountId, added.added.id))?.id).toBe(added.added.id);
    expect(await t.control.webhooks(t.accountId)).toEqual([]);
  });

  it(`answers full at ${MAX_WEBHOOKS} endpoints and adds none`, async () => {
    for (let i = 0; i < MAX_WEBHOOKS; i++) await addWebhook(deps(), t.accountId, { ...hook, types: [...hook.types] });
    expect(await addWebhook(deps(), t.accountId, { ...hook, types: [...hook.types] })).toEqual({ full: MAX_WEBHOOKS });
    expect(await t.control.webhooks(t.accountId)).toHaveLength(MAX_WEBHOOKS);
  });
});
