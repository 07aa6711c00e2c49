/**
 * A `null` in an optional field of a body is the field not given, unless the field's schema takes
 * null (where null says something: an admin PATCH's `badgeUrl: null` clears the badge). The hosted
 * service's SDK sends every field a caller left undefined as an explicit null, and its reference reads
 * such a null as "not provided"; without this, `subscribeToEmails: null` was a 400 and a PATCH
 * erased every field the caller did not mean to touch.
 *
 * The walk is compiled once per route from its body schema and visits only the fields that may hold
 * such a null (an event's body: the user's optional fields and the event's attributes).
 */

import type { Validator } from './plain-check.js';

/** Drops, in place, the nulls `value` holds where its schema says null is the field not given. */
export type NullDrop = (value: unknown) => void;

/** `validate` of bodies of `schema`, each body's nulls that are fields not given dropped first. */
export function withNullsAsAbsent(schema: object, validate: Validator): Validator {
  const drop = nullDropOf(schema as SchemaNode);
  if (drop === null) return validate;
  const check: Validator = (body) => {
    drop(body);
    const valid = validate(body);
    check.errors = validate.errors;
    return valid;
  };
  return check;
}

interface SchemaNode {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, SchemaNode>>;
  required?: readonly string[];
  items?: SchemaNode;
  anyOf?: readonly SchemaNode[];
  oneOf?: readonly SchemaNode[];
  const?: unknown;
  enum?: readonly unknown[];
}

function takesNull(schema: SchemaNode): boolean {
  const { type } = schema;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (schema.const === null || schema.enum?.includes(null)) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesNull);
}

interface Field {
  readonly name: string;
  /** a null here is the field not given */
  readonly dropNull: boolean;
  readonly inner: NullDrop | null;
}

/** The walk for bodies of `schema`, or null when no body of it can hold a null to drop. */
export function nullDropOf(schema: SchemaNode): NullDrop | null {
  if (schema.properties !== undefined) {
    const required = new Set(schema.required ?? []);
    const fields: Field[] = [];
    for (const [name, child] of Object.entries(schema.properties)) {
      const dropNull = !required.has(name) && !takesNull(child);
      const inner = nullDropOf(child);
      if (dropNull || inner !== null) fields.push({ name, dropNull, inner });
    }
    if (fields.length === 0) return null;
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const record = value as Record<string, unknown>;
      for (const { name, dropNull, inner } of fields) {
        if (!Object.hasOwn(record, name)) continue;
        const field = record[name];
        if (field === null) {
          if (dropNull) delete record[name];
        } else if (inner !== null) inner(field);
      }
    };
  }
  if (schema.items !== undefined) {
    const inner = nullDropOf(schema.items);
    if (inner === null) return null;
    return (value) => {
      if (Array.isArray(value)) for (const item of value) inner(item);
    };
  }
  return null;
}
