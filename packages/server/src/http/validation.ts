/**
 * Request validation: bodies exactly as sent (no coercion, so "5" or null is not a number), query
 * strings and paths coerced from text (historyPeriods=7, userIds=a&userIds=b).
 */
import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const common = { strict: false, allowUnionTypes: true, useDefaults: true, allErrors: false } as const;
const exact = new Ajv({ ...common, coerceTypes: false });
const fromText = new Ajv({ ...common, coerceTypes: 'array' });

export const compileValidator: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? exact : fromText).compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
