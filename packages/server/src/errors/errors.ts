/**
 * The one mapping of failures to HTTP: a status and the JSON body `{ error, code }`, every code one
 * of the closed list in error-codes.ts (which gives its status). Typed errors of the core
 * (KindlingError) and of the server (ServiceError, errors/service-errors.ts: HttpError is one) keep
 * their codes and messages; nothing but this file turns an error into an answer. A store that fails
 * or does not answer in time (a StoreError, which each store adapter and control plane makes of its
 * driver's failures) is 503 STORE_UNAVAILABLE with Retry-After, or 500 STORE_DAMAGED when it is
 * lasting (a corrupted file); Fastify's own refusals get a listed code; anything unexpected is a
 * 500 that is logged.
 */
import { type FeatureOffCode, KindlingError, StoreError } from '@kindling/core';
import { type ConflictCode, ServiceError } from './service-errors.js';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/**
 * The codes an HttpError may carry: any listed code but those that only one class fits, a conflict
 * (a ConflictError, 409) and a feature that is off (the core's FeatureOffError, 403).
 */
export type HttpErrorCode = Exclude<ErrorCode, ConflictCode | FeatureOffCode>;

/**
 * A refusal of the HTTP layer (a header, a key, a limit, a path that names nothing): a
 * ServiceError built the same way, whose options may add headers to its answer (Retry-After).
 */
export class HttpError extends ServiceError {
  declare readonly code: HttpErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    code: HttpErrorCode,
    message?: string,
    options?: ErrorOptions & { readonly headers?: Readonly<Record<string, string>> },
  ) {
    super(code, message, options);
    this.status = ERROR_CODES[code].status;
    this.headers = options?.headers ?? {};
  }
}

export interface ErrorReply {
  status: number;
  body: { error: string; code: ErrorCode };
  headers: Readonly<Record<string, string>>;
}

/** Seconds a client is asked to wait before trying again when the store is unavailable. */
export const STORE_RETRY_AFTER_S = 1;

/** Fastify's own failures while reading a request, by their code; true: the code's default message replaces Fastify's. */
const FASTIFY: Readonly<Record<string, readonly [ErrorCode, boolean?]>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['BODY_TOO_LARGE'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', true],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['INVALID_CONTENT_LENGTH'],
  FST_ERR_CTP_INVALID_TYPE: ['INVALID_CONTENT_TYPE'],
  FST_ERR_BAD_URL: ['BAD_URL'],
  FST_ERR_MAX_PARAM_LENGTH: ['URL_TOO_LONG'],
  FST_ERR_ASYNC_CONSTRAINT: ['BAD_REQUEST'],
};

/** Another 4xx of Fastify or a plugin, by its status: the listed code of that status, else 400 BAD_REQUEST. */
const BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'BODY_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  417: 'EXPECTATION_FAILED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

function reply(
  code: ErrorCode,
  error: string = ERROR_CODES[code].message,
  headers: Readonly<Record<string, string>> = {},
): ErrorReply {
  return { status: ERROR_CODES[code].status, body: { error, code }, headers };
}

/** Fastify's message of a failed validation, with the name of a property the schema does not allow (Ajv leaves it out). */
function validationMessage(message: string | undefined, validation: unknown): string {
  const text = message ?? 'invalid request';
  const first = Array.isArray(validation)
    ? (validation[0] as { params?: { additionalProperty?: unknown } })
    : undefined;
  const extra = first?.params?.additionalProperty;
  return typeof extra === 'string' ? `${text}: ${JSON.stringify(extra)}` : text;
}

/**
 * Codes of what a request asks (not of how it was sent: a body that is not JSON, a bad header): a
 * route marked `invalidInput: 422` answers them with 422 rather than their 400.
 */
const INPUT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'INVALID_INPUT',
  'INVALID_TIME_ZONE',
  'INVALID_DATE',
  'INVALID_CONFIG',
  'INVALID_ATTRIBUTES',
  'NO_STREAK_RULE',
  'ACHIEVEMENT_NOT_API',
]);

/** The answer to `error` on a route that answers invalid input with `invalidInput` (400 unless it says 422). */
export function toErrorReply(error: unknown, invalidInput: 400 | 422 = 400): ErrorReply {
  const answer = answerTo(error);
  return invalidInput === 422 && INPUT_CODES.has(answer.body.code) ? { ...answer, status: 422 } : answer;
}

function answerTo(error: unknown): ErrorReply {
  if (error instanceof ServiceError)
    return reply(error.code, error.message, error instanceof HttpError ? error.headers : {});
  if (error instanceof KindlingError) {
    // What failed (a file, an address, a key) is the operator's to read in the log, not the client's.
    if (error.code === 'STORE_ERROR') {
      // A damaged file answers the same to every retry: no Retry-After invites one.
      if (error instanceof StoreError && error.lasting) return reply('STORE_DAMAGED');
      return reply('STORE_UNAVAILABLE', `the store is unavailable; try again in ${STORE_RETRY_AFTER_S} s`, {
        'retry-after': String(STORE_RETRY_AFTER_S),
      });
    }
    return reply(error.code, error.message);
  }
  const e = error as {
    code?: string;
    statusCode?: number;
    validation?: unknown;
    validationContext?: string;
    message?: string;
  };
  if (e.validation !== undefined) return reply('INVALID_INPUT', validationMessage(e.message, e.validation));
  const known = e.code !== undefined && Object.hasOwn(FASTIFY, e.code) ? FASTIFY[e.code] : undefined;
  if (known !== undefined) return reply(known[0], known[1] === true ? undefined : e.message);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return reply(BY_STATUS[e.statusCode] ?? 'BAD_REQUEST', e.message);
  return reply('INTERNAL');
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
      return reply('HEADERS_TOO_LARGE');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return reply('REQUEST_TIMEOUT', 'the request was not received in time; send it again on a new connection');
    default:
      return reply(
        'MALFORMED_REQUEST',
        `the request is not valid HTTP/1.1: ${error.reason ?? error.message ?? error.code ?? 'unreadable'}`,
      );
  }
}
