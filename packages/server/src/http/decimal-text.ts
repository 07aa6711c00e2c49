/**
 * Numbers in a path, query string or header are taken only as plain decimal text. Ajv's coercion
 * takes any string `x` with `x == +x`, so `?historyPeriods=0x10` was 16, `1e1` 10, `%205` 5 and
 * `010` 10: one value with many spellings, which no client means and a cache or log cannot tell
 * apart. This check runs before Ajv and refuses, with Ajv's error shape, any text of a property
 * typed integer or number (or an array of them) that is not `-?(0|[1-9][0-9]*)` (with a fraction
 * `.[0-9]+` for a number); everything else is left to Ajv.
 */
import { isRecord } from './is-record.js';
import type { Validator } from './plain-check.js';

const INTEGER_TEXT = /^-?(?:0|[1-9][0-9]*)$/;
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

type NumberKind = 'integer' | 'number';

/** Whether `text` writes a number of `kind` in plain decimal digits (the CLI's numbers follow it too). */
export function isDecimalText(text: string, kind: NumberKind): boolean {
  return (kind === 'integer' ? INTEGER_TEXT : NUMBER_TEXT).test(text);
}

const kindOf = (schema: unknown): NumberKind | null =>
  isRecord(schema) && (schema.type === 'integer' || schema.type === 'number') ? schema.type : null;

/** The properties of an object schema typed integer or number, or arrays of them, with their kind. */
function numberProperties(schema: unknown): [string, NumberKind][] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const found: [string, NumberKind][] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    const kind = kindOf(property) ?? (isRecord(property) && property.type === 'array' ? kindOf(property.items) : null);
    if (kind !== null) found.push([key, kind]);
  }
  return found;
}

/** `full` with plain decimal text required first of every number property `schema` declares. */
export function withDecimalNumbers(schema: unknown, full: Validator): Validator {
  const properties = numberProperties(schema);
  if (properties.length === 0) return full;
  const check: Validator = (data) => {
    if (isRecord(data))
      for (const [key, kind] of properties) {
        if (!Object.hasOwn(data, key)) continue;
        const value = data[key];
        const texts = Array.isArray(value) ? value : [value];
        if (texts.some((text) => typeof text === 'string' && !isDecimalText(text, kind))) {
          check.errors = [
            {
              instancePath: `/${key}`,
              schemaPath: `#/properties/${key}/type`,
              keyword: 'type',
              params: { type: kind },
              message: `must be ${kind === 'integer' ? 'an integer' : 'a number'} in plain decimal digits`,
            },
          ];
          return false;
        }
      }
    const valid = full(data);
    check.errors = full.errors;
    return valid;
  };
  return check;
}
