/**
 * The admin API's shape of a webhook endpoint: never its secret, except in the answer that creates it.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { WEBHOOK_TYPES, type WebhookEndpoint } from '../control/webhook-endpoint.js';
import { flag, text, textOrNull } from './primitives.js';

export const webhookType = { type: 'string', enum: WEBHOOK_TYPES } as const;

const webhookProperties = {
  id: text,
  url: text,
  types: { type: 'array', items: webhookType },
  enabled: flag,
  disabledReason: textOrNull,
  created: text,
  updated: text,
} as const;
const webhookRequired = ['id', 'url', 'types', 'enabled', 'disabledReason', 'created', 'updated'] as const;

export const webhookSchema = {
  type: 'object',
  additionalProperties: false,
  required: webhookRequired,
  properties: webhookProperties,
} as const;

/** A new endpoint with its signing secret, shown this once. */
export const createdWebhookSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...webhookRequired, 'secret'],
  properties: { ...webhookProperties, secret: text },
} as const;

export type WebhookWire = FromSchema<typeof webhookSchema>;

export function webhookWire(endpoint: WebhookEndpoint): WebhookWire {
  return {
    id: endpoint.id,
    url: endpoint.url,
    types: [...endpoint.types],
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    created: endpoint.created,
    updated: endpoint.updated,
  };
}
