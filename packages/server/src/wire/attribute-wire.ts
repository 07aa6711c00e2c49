/**
 * Custom attributes on the admin wire (the hosted service's `AdminAttribute`), and the answers of
 * their bulk calls.
 */
import type { AttributeDef } from '../control/types.js';
import { issues } from './admin-wire.js';
import { text } from './primitives.js';

export const attributeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'key', 'type'],
  properties: { id: text, name: text, key: text, type: { type: 'string', enum: ['user', 'event'] } },
} as const;

export const createdAttributesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['created', 'issues'],
  properties: { created: { type: 'array', items: attributeSchema }, issues },
} as const;

export const updatedAttributesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['updated', 'issues'],
  properties: { updated: { type: 'array', items: attributeSchema }, issues },
} as const;

export function attributeWire(def: AttributeDef) {
  return { id: def.id, name: def.name, key: def.key, type: def.type };
}
