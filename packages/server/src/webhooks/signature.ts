/**
 * How a webhook delivery is signed. Two signatures, one secret per endpoint:
 *
 * - `X-Trophy-Signature`: base64 HMAC-SHA256 of the raw body, keyed with the secret as written, as
 *   the hosted service signs, so receivers written for it keep working. It covers no time, so a
 *   captured delivery can be sent again.
 * - The Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature:
 *   v1,<base64>`): HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed with the base64 part of the
 *   `whsec_` secret. The timestamp is signed, so a receiver refuses a delivery more than a few
 *   minutes old, and the id lets it drop a delivery it has already handled. Any Standard Webhooks
 *   library verifies it (`standardwebhooks` on npm, and one for most languages).
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** 32 bytes of key, the size of the HMAC's hash. */
const SECRET_BYTES = 32;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'x-trophy-signature': string;
}

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** Whether `secret` is shaped as `newWebhookSecret` makes them. */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const key = secret.slice(SECRET_PREFIX.length);
  return /^[A-Za-z0-9+/]+={0,2}$/.test(key) && Buffer.from(key, 'base64').length === SECRET_BYTES;
}

/**
 * The headers that sign `body` (the exact bytes sent) for delivery `id` at `timestamp` (epoch ms,
 * sent in whole seconds).
 */
export function signDelivery(input: { id: string; timestamp: number; body: string; secret: string }): SignedHeaders {
  const { id, body, secret } = input;
  if (!isWebhookSecret(secret)) throw new TypeError('a webhook secret is "whsec_" and 32 bytes in base64');
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(id))
    throw new TypeError(`a delivery id is 1 to 128 of A-Z a-z 0-9 _ -, got ${JSON.stringify(id)}`);
  const seconds = String(Math.floor(input.timestamp / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const standard = createHmac('sha256', key).update(`${id}.${seconds}.`).update(body).digest('base64');
  const trophy = createHmac('sha256', secret).update(body).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${standard}`,
    'x-trophy-signature': trophy,
  };
}
