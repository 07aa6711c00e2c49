/**
 * Request validation: bodies exactly as sent (no coercion, so "5" is not a number; a null in an
 * optional field is that field not given, unless its schema takes null: null-as-absent.ts), query
 * strings and paths coerced from text (historyPeriods=7, userIds=a&userIds=b), a number only from
 * plain decimal digits (decimal-text.ts: Ajv alone reads "0x10", "1e1" or " 5" as numbers). A path or query of
 * plain strings and integers is checked first by a check compiled from its schema (plain-check.ts);
 * what that check does not take, Ajv decides.
 */
import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { withDecimalNumbers } from './decimal-text.js';
import { withNullsAsAbsent } from './null-as-absent.js';
import { type Validator, withPlainCheck } from './plain-check.js';

const common = { strict: false, allowUnionTypes: true, useDefaults: true, allErrors: false } as const;
/** Ajv's options for paths, query strings and headers: values coerced from text. */
export const FROM_TEXT_OPTIONS = { ...common, coerceTypes: 'array' } as const;
const exact = new Ajv({ ...common, coerceTypes: false });
const fromText = new Ajv(FROM_TEXT_OPTIONS);

/** Ajv's check of a path, query or header schema, with values coerced from text. */
const compileFromText = (schema: object): Validator =>
  withDecimalNumbers(schema, fromText.compile(schema) as Validator);

export const compileValidator: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body'
    ? withNullsAsAbsent(schema, exact.compile(schema) as Validator)
    : httpPart === 'params' || httpPart === 'querystring'
      ? withPlainCheck(schema, compileFromText(schema))
      : compileFromText(schema)) as ReturnType<FastifySchemaCompiler<object>>;
