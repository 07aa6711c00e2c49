/**
 * A check of a path or query string whose schema is an object of plain strings and integers (every
 * read's: `/users/:id`, `?historyPeriods=7`), compiled from that schema: Ajv's coercion from text
 * was the largest part of a cached read's own work (decision 029). It is a shortcut in front of Ajv,
 * not a second validator: it takes only values in their plain form (a string whose length alone
 * shows it within its bounds; an integer written in decimal digits, within its bounds) and leaves
 * the data exactly as Ajv would leave it for those; anything else, valid or not, goes to Ajv, which
 * decides and words the error. A property test holds the two equal on random schemas and values.
 *
 * The code is generated per schema (as Ajv does) so that each route's reads of its own values stay
 * monomorphic; the names it reads are plain identifiers checked here, quoted with JSON.stringify.
 */

import { isRecord } from './is-record.js';

type Field =
  | {
      readonly kind: 'string';
      readonly key: string;
      readonly required: boolean;
      readonly min: number;
      readonly max: number;
    }
  | {
      readonly kind: 'integer';
      readonly key: string;
      readonly required: boolean;
      readonly min: number;
      readonly max: number;
      readonly fallback: number | undefined;
    };

/** Keywords that only describe (no effect on validation). */
const ANNOTATIONS = new Set(['description', 'title', 'examples']);
/** A name the generated code may read as `data["name"]` without reaching anything Object.prototype holds. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Digits of an integer the check reads itself: below 1e15, exact as a double. */
const MAX_DIGITS = 15;

const onlyKeys = (value: Record<string, unknown>, allowed: readonly string[]) =>
  Object.keys(value).every((k) => allowed.includes(k) || ANNOTATIONS.has(k));

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The field a property's schema describes, or null when it is not a plain string or integer. */
function fieldOf(key: string, schema: unknown, required: boolean): Field | null {
  if (!PLAIN_NAME.test(key) || key in Object.prototype || !isRecord(schema)) return null;
  if (schema.type === 'string' && onlyKeys(schema, ['type', 'minLength', 'maxLength'])) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
    if (!isCount(min) || !(isCount(max) || max === Number.POSITIVE_INFINITY)) return null;
    return { kind: 'string', key, required, min, max };
  }
  if (schema.type === 'integer' && onlyKeys(schema, ['type', 'minimum', 'maximum', 'default'])) {
    const min = schema.minimum ?? Number.NEGATIVE_INFINITY;
    const max = schema.maximum ?? Number.POSITIVE_INFINITY;
    if (typeof min !== 'number' || typeof max !== 'number' || Number.isNaN(min) || Number.isNaN(max)) return null;
    const fallback = schema.default;
    // a default Ajv would refuse is left to Ajv
    if (
      fallback !== undefined &&
      !(Number.isSafeInteger(fallback) && (fallback as number) >= min && (fallback as number) <= max)
    )
      return null;
    return { kind: 'integer', key, required, min, max, fallback: fallback as number | undefined };
  }
  return null;
}

/** The fields of an object schema of plain strings and integers, or null when the schema is anything else. */
export function plainFieldsOf(schema: unknown): Field[] | null {
  if (!isRecord(schema) || schema.type !== 'object' || !onlyKeys(schema, ['type', 'properties', 'required']))
    return null;
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  if (!isRecord(properties) || !Array.isArray(required)) return null;
  if (!required.every((name) => typeof name === 'string' && Object.hasOwn(properties, name))) return null;
  const fields: Field[] = [];
  for (const key of Object.keys(properties)) {
    const field = fieldOf(key, properties[key], required.includes(key));
    if (field === null) return null;
    fields.push(field);
  }
  return fields;
}

/** The value of `text` when it is an integer in plain decimal digits (no sign, no leading zero, at most 15 digits), else -1. */
export function decimalOf(text: string): number {
  const length = text.length;
  if (length === 0 || length > MAX_DIGITS) return -1;
  if (text.charCodeAt(0) === 48) return length === 1 ? 0 : -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const literal = (value: number) =>
  value === Number.POSITIVE_INFINITY ? 'Infinity' : value === Number.NEGATIVE_INFINITY ? '-Infinity' : String(value);

/** The statements that read and check one field (`v<i>`), and the write of its integer (`n<i>`) once all passed. */
function codeOf(field: Field, i: number): { check: string; write: string } {
  const at = `data[${JSON.stringify(field.key)}]`;
  const missing = field.required ? 'break plain;' : '';
  if (field.kind === 'string') {
    // Ajv counts code points: a string of `length` UTF-16 units has between ceil(length / 2) and
    // `length` of them, so only these bounds are sure from the length alone.
    const tests = [`typeof v${i} !== 'string'`];
    if (field.max !== Number.POSITIVE_INFINITY) tests.push(`v${i}.length > ${field.max}`);
    if (field.min > 0) tests.push(`v${i}.length < ${2 * field.min - 1}`);
    return {
      check: `const v${i} = ${at}; if (v${i} === undefined) { ${missing} } else if (${tests.join(' || ')}) break plain;`,
      write: '',
    };
  }
  const absent =
    field.fallback !== undefined
      ? `n${i} = ${field.fallback};`
      : field.required
        ? 'break plain;'
        : `n${i} = undefined;`;
  return {
    check:
      `const v${i} = ${at}; let n${i}; if (v${i} === undefined) { ${absent} } else { ` +
      `if (typeof v${i} !== 'string') break plain; n${i} = decimalOf(v${i}); ` +
      `if (n${i} < 0 || n${i} < ${literal(field.min)} || n${i} > ${literal(field.max)}) break plain; }`,
    write: `if (n${i} !== undefined) ${at} = n${i};`,
  };
}

/** What Fastify calls to validate: a function with Ajv's `errors` convention. */
export interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}

/**
 * `full` (Ajv's check of the schema) with the plain check in front when the schema allows one: data
 * the plain check takes gets its integers written as numbers (and its defaults) as Ajv's coercion
 * would write them; anything else is left untouched to `full`, whose answer and errors are given.
 */
export function withPlainCheck(schema: unknown, full: Validator): Validator {
  const fields = plainFieldsOf(schema);
  if (fields === null) return full;
  const parts = fields.map(codeOf);
  const body = [
    'plain: {',
    "if (data === null || typeof data !== 'object' || Array.isArray(data)) break plain;",
    ...parts.map((p) => p.check),
    ...parts.map((p) => p.write),
    'check.errors = null;',
    'return true;',
    '}',
    'const valid = full(data);',
    'check.errors = full.errors;',
    'return valid;',
  ].join('\n');
  return new Function('decimalOf', 'full', `return function check(data) {\n${body}\n};`)(decimalOf, full);
}
