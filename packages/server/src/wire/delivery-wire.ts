/**
 * The admin API's shape of a webhook delivery: one change for one endpoint, its status, the last
 * attempt (status code, error, the start of the answer) and the body sent, as JSON.
 */
import { type Delivery, userOfOrderKey } from '@kindling/core/adapter';
import type { FromSchema } from 'json-schema-to-ts';
import { anyObject, number, numberOrNull, text, textOrNull } from './primitives.js';
import { webhookType } from './webhook-wire.js';

const attemptSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['at', 'status', 'error', 'response', 'ms'],
  properties: {
    at: text,
    status: { ...numberOrNull, description: "the endpoint's status code; null when it did not answer" },
    error: { ...textOrNull, description: 'why the attempt failed; null when delivered' },
    response: { ...text, description: "the first 1 KB of the endpoint's answer" },
    ms: number,
  },
} as const;

export const deliverySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'userId', 'status', 'attempts', 'created', 'nextAttempt', 'lastAttempt', 'payload'],
  properties: {
    id: { ...text, description: 'the id in the body and the webhook-id header, the same on every attempt' },
    type: webhookType,
    userId: text,
    status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    attempts: number,
    created: text,
    nextAttempt: { ...textOrNull, description: 'when a pending delivery is tried next' },
    lastAttempt: attemptSchema,
    payload: { ...anyObject, description: 'the body sent' },
  },
} as const;

export const deliveryPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['deliveries', 'next'],
  properties: {
    deliveries: { type: 'array', items: deliverySchema },
    next: { ...textOrNull, description: 'the cursor of the next (older) page; null after the last' },
  },
} as const;

export type DeliveryWire = FromSchema<typeof deliverySchema>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function deliveryWire(delivery: Delivery): DeliveryWire {
  const last = delivery.last;
  return {
    id: delivery.id,
    type: delivery.type as DeliveryWire['type'],
    // the relay's keys are a namespace's and a user's (backend/spaces.ts); another is shown as it is
    userId: userOfOrderKey(delivery.orderKey)?.userId ?? delivery.orderKey,
    status: delivery.status,
    attempts: delivery.attempts,
    created: new Date(delivery.createdAt).toISOString(),
    nextAttempt: delivery.status === 'pending' ? iso(delivery.nextAt) : null,
    lastAttempt:
      last === null
        ? null
        : {
            at: new Date(last.at).toISOString(),
            status: last.status,
            error: last.error,
            response: last.response,
            ms: last.ms,
          },
    payload: JSON.parse(delivery.payload) as Record<string, unknown>,
  };
}
