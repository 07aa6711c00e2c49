/**
 * The hosted service's shapes for tenants (`AdminTenant`) and application API keys bound to a user,
 * and the bulk answers that carry them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { ApiKeyRecord, Tenant } from '../control/types.js';
import { issueSchema } from './admin-wire.js';
import { text } from './primitives.js';

export const tenantSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'customerId', 'name', 'status', 'created', 'updated'],
  properties: {
    id: text,
    customerId: { ...text, description: 'what clients send as the Tenant-ID header' },
    name: text,
    status: { type: 'string', enum: ['active', 'archived'] },
    created: text,
    updated: text,
  },
} as const;

export type TenantWire = FromSchema<typeof tenantSchema>;

const issues = { type: 'array', items: issueSchema } as const;

export const createdTenantsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'issues'],
  properties: { created: { type: 'array', items: tenantSchema }, issues },
} as const;

export const updatedTenantsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['updated', 'issues'],
  properties: { updated: { type: 'array', items: tenantSchema }, issues },
} as const;

/** A new application key bound to a user, with its secret, shown this once. */
export const applicationKeySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'userId', 'key', 'prefix'],
  properties: {
    id: text,
    userId: { ...text, description: 'the one user the key acts for' },
    key: { ...text, description: 'the whole key: shown this once, stored only as its SHA-256' },
    prefix: text,
  },
} as const;

export const createdApplicationKeysSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'issues'],
  properties: { created: { type: 'array', items: applicationKeySchema }, issues },
} as const;

export function tenantWire(tenant: Tenant): TenantWire {
  return {
    id: tenant.id,
    customerId: tenant.customerId,
    name: tenant.name,
    status: tenant.status,
    created: tenant.created,
    updated: tenant.updated,
  };
}

export function applicationKeyWire(record: ApiKeyRecord & { userId: string }, key: string) {
  return { id: record.id, userId: record.userId, key, prefix: record.prefix };
}
