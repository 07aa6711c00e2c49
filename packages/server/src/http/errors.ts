/**
 * The one mapping of failures to HTTP: a status and the JSON body `{ error, code }`. Typed errors of
 * the core and of the server keep their codes; a store that fails or does not answer in time (a
 * StoreError, which each store adapter and control plane makes of its driver's failures) is 503
 * STORE_UNAVAILABLE with Retry-After; anything unexpected is a 500 that is logged.
 */
import { KindlingError } from '@kindling/core';
import { ConfigConflictError } from '../control/control.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface ErrorReply {
  status: number;
  body: { error: string; code: string };
  headers: Readonly<Record<string, string>>;
}

const CORE_STATUS: Record<string, number> = {
  INVALID_INPUT: 400,
  INVALID_TIME_ZONE: 400,
  INVALID_DATE: 400,
  INVALID_CONFIG: 400,
  UNKNOWN_METRIC: 404,
  UNKNOWN_ACHIEVEMENT: 404,
  UNKNOWN_STREAK: 404,
  UNKNOWN_USER: 404,
  UNKNOWN_PAUSE: 404,
  SUM_OUT_OF_RANGE: 422,
};

/** Seconds a client is asked to wait before trying again when the store is unavailable. */
export const STORE_RETRY_AFTER_S = 1;

const JSON_ONLY = 'the body must be JSON: send Content-Type: application/json';

/** Fastify's own failures while reading a request, by their code; a third member replaces Fastify's message. */
const FASTIFY: Record<string, [number, string, string?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'INVALID_CONTENT_LENGTH'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'INVALID_CONTENT_TYPE'],
  FST_ERR_BAD_URL: [400, 'BAD_URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URL_TOO_LONG'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'BAD_REQUEST'],
};

function reply(status: number, code: string, error: string, headers: Readonly<Record<string, string>> = {}): ErrorReply {
  return { status, body: { error, code }, headers };
}

export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof HttpError) return reply(error.status, error.code, error.message, error.headers);
  if (error instanceof KindlingError) {
    // What failed (a file, an address, a key) is the operator's to read in the log, not the client's.
    if (error.code === 'STORE_ERROR') return reply(503, 'STORE_UNAVAILABLE', `the store is unavailable; try again in ${STORE_RETRY_AFTER_S} s`, { 'retry-after': String(STORE_RETRY_AFTER_S) });
    return reply(CORE_STATUS[error.code] ?? 400, error.code, error.message);
  }
  if (error instanceof ConfigConflictError) return reply(409, 'CONFIG_CONFLICT', error.message);
  const e = error as { code?: string; statusCode?: number; validation?: unknown; validationContext?: string; message?: string };
  if (e.validation !== undefined) return reply(400, 'INVALID_INPUT', `${e.message ?? 'invalid request'}`);
  if (e instanceof SyntaxError) return reply(400, 'INVALID_JSON', `the body is not valid JSON: ${e.message}`);
  const known = e.code !== undefined ? FASTIFY[e.code] : undefined;
  if (known !== undefined) return reply(known[0], known[1], known[2] ?? e.message ?? known[1]);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return reply(e.statusCode, e.code ?? 'BAD_REQUEST', e.message ?? 'bad request');
  }
  return reply(500, 'INTERNAL', 'internal error; the server logged it');
}

/**
 * Node's own refusals, before Fastify sees a request (its http server's 'clientError' event): a
 * request that is not HTTP/1.1, headers over 16 KB, a request not received within its timeout.
 * Null when there is nothing to answer (the client is gone).
 */
export function clientErrorReply(error: { code?: string; reason?: string; message?: string }): ErrorReply | null {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return null;
    case 'HPE_HEADER_OVERFLOW':
      return reply(431, 'HEADERS_TOO_LARGE', 'the request line and headers are over 16 KB');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return reply(408, 'REQUEST_TIMEOUT', 'the request was not received in time; send it again on a new connection');
    default:
      return reply(400, 'MALFORMED_REQUEST', `the request is not valid HTTP/1.1: ${error.reason ?? error.message ?? error.code ?? 'unreadable'}`);
  }
}
