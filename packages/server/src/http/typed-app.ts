/**
 * The Fastify instance the routes are registered on: its type provider turns each route's JSON
 * Schemas (request and response, `as const` literals) into the handler's request and reply types,
 * so a schema and the code that reads or answers it cannot drift apart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { errorBody } from './schemas.js';

/** The shared schemas a route's schemas may reference by `$ref` (added to the app by buildApp). */
type Shared = { references: [typeof errorBody] };

export type SchemaTypes = JsonSchemaToTsProvider<{ ValidatorSchemaOptions: Shared; SerializerSchemaOptions: Shared }>;

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, SchemaTypes>;
