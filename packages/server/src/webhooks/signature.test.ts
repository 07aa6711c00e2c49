import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isWebhookSecret, newWebhookSecret, signDelivery } from './signature.js';

const body = JSON.stringify({ type: 'streak.lost', user: { id: 'ana' }, length: 12 });

describe('webhook signatures', () => {
  it('are verified by the Standard Webhooks library a receiver installs', () => {
    const secret = newWebhookSecret();
    const headers = signDelivery({ id: 'evt_01', timestamp: Date.now(), body, secret });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('carry the hosted service X-Trophy-Signature: base64 HMAC-SHA256 of the raw body keyed with the secret', () => {
    const secret = newWebhookSecret();
    const headers = signDelivery({ id: 'evt_01', timestamp: Date.now(), body, secret });
    expect(headers['x-trophy-signature']).toBe(createHmac('sha256', secret).update(body).digest('base64'));
  });

  it('fail verification for a changed body, another secret, another id or a delivery older than five minutes', () => {
    const secret = newWebhookSecret();
    const now = Date.now();
    const headers = signDelivery({ id: 'evt_01', timestamp: now, body, secret });
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(body.replace('12', '13'), { ...headers })).toThrow(/signature/i);
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow(/signature/i);
    expect(() => verifier.verify(body, { ...headers, 'webhook-id': 'evt_02' })).toThrow(/signature/i);
    const old = signDelivery({ id: 'evt_01', timestamp: now - 6 * 60_000, body, secret });
    expect(() => verifier.verify(body, { ...old })).toThrow(/timestamp/i);
  });

  it('sign the timestamp in whole seconds, as the headers send it', () => {
    const headers = signDelivery({ id: 'evt_01', timestamp: 1_767_225_600_999, body, secret: newWebhookSecret() });
    expect(headers['webhook-timestamp']).toBe('1767225600');
  });

  it('makes secrets of 32 random bytes behind whsec_, each different', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newWebhookSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(isWebhookSecret(secret)).toBe(true);
    expect(isWebhookSecret('whsec_c2hvcnQ=')).toBe(false);
    expect(isWebhookSecret('not-a-secret')).toBe(false);
  });

  it('refuse a malformed secret or an id a header cannot carry', () => {
    expect(() => signDelivery({ id: 'evt_01', timestamp: 0, body, secret: 'hunter2' })).toThrow(/whsec_/);
    expect(() => signDelivery({ id: 'a\r\nx-evil: 1', timestamp: 0, body, secret: newWebhookSecret() })).toThrow(
      /delivery id/,
    );
  });
});
