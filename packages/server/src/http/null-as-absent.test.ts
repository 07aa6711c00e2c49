import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

/**
 * The hosted service's SDK sends a field the caller left undefined as an explicit `null`, and its
 * reference says to read `null` on an optional input field as "not provided" unless the field's own
 * description says null clears it. Every body below is one the SDK sends for a call with such fields.
 */
let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
beforeAll(async () => {
  t = await startTestServer({ clock: () => now });
  const declared = await t.call('POST', '/admin/v1/attributes', {
    key: t.adminKey,
    body: [{ name: 'Plan', key: 'plan', type: 'user' }],
  });
  expect(declared.status).toBe(201);
});
afterAll(() => t.close());

const unset = { email: null, name: null, tz: null, subscribeToEmails: null, deviceTokens: null, attributes: null };

describe('a null the SDK sends for a field left undefined', () => {
  it("is not provided in an event's user, its attributes and the event's own attributes", async () => {
    const res = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ada', ...unset }, value: 1, attributes: null },
    });
    expect(res.status).toBe(201);
    const user = await t.call('GET', '/v1/users/ada');
    expect(user.body).toMatchObject({ email: null, subscribeToEmails: true, attributes: {}, deviceTokens: null });
  });

  it('is not provided in POST /v1/users, and PATCH leaves the fields sent as null as they were', async () => {
    const made = await t.call('POST', '/v1/users', {
      body: { ...unset, id: 'bob', email: 'bob@example.com', deviceTokens: ['phone'], attributes: { plan: 'pro' } },
    });
    expect(made.status).toBe(201);
    const patched = await t.call('PATCH', '/v1/users/bob', { body: { ...unset, name: 'Bobby' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Bobby',
      email: 'bob@example.com',
      deviceTokens: ['phone'],
      attributes: { plan: 'pro' },
      subscribeToEmails: true,
    });
    const again = await t.call('POST', '/v1/users', { body: { ...unset, id: 'bob' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'Bobby', email: 'bob@example.com' });
  });

  it('is not provided in a preferences change, nor in a batch event', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id: 'cy' }, value: 1 } });
    const changed = await t.call('PATCH', '/v1/users/cy/preferences', {
      body: { notifications: { streak_reminder: ['email'], recap: null, achievement_completed: null }, streak: null },
    });
    expect(changed.status).toBe(200);
    const batch = await t.call('POST', '/admin/v1/metrics/events', {
      key: t.adminKey,
      body: [{ key: 'lessons', user: { id: 'cy', ...unset }, value: 2, attributes: null, idempotencyKey: null }],
    });
    expect(batch.status).toBe(202);
    expect(batch.body).toMatchObject({ accepted: 1, issues: [] });
  });

  it('is still refused in a field the body needs', async () => {
    for (const body of [
      { user: { id: 'ada' }, value: null },
      { user: null, value: 1 },
      { user: { id: null }, value: 1 },
    ]) {
      const res = await t.call('POST', '/v1/metrics/lessons/event', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('still clears a field whose schema takes null', async () => {
    const made = await t.call('POST', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [{ name: 'Badge', trigger: 'api', badgeUrl: 'https://example.com/b.png' }],
    });
    expect(made.status).toBe(201);
    const id = (made.body as { created: Array<{ id: string }> }).created[0]?.id;
    const cleared = await t.call('PATCH', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [{ id, badgeUrl: null }],
    });
    expect(cleared.status).toBe(200);
    expect(JSON.stringify(cleared.body)).toContain('"badgeUrl":null');
  });
});
