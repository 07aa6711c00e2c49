/**
 * Every code an error answer `{ error, code }` can carry, with its status and default message: one
 * closed list, used by the server's typed errors (errors/service-errors.ts, HttpError) and by the
 * mapping of failures (errors.ts), and listed in docs/http-api.md (a test holds the two equal). The
 * core's codes come from its ErrorCode, so a code added there must be given a row here;
 * STORE_ERROR is answered as STORE_UNAVAILABLE, or STORE_DAMAGED when it is lasting. A status says
 * which class raises a code (service-errors.ts): 409 a ConflictError, the core's 403 a
 * FeatureOffError, the core's others its InvalidInputError, NotFoundError, ConfigError.
 */
import type { ErrorCode as CoreErrorCode } from '@kindling/core';

export interface ErrorRow {
  readonly status: number;
  readonly message: string;
}

/** The core's typed errors, answered with their own code. */
const CORE = {
  INVALID_INPUT: { status: 400, message: 'the request is not valid' },
  INVALID_TIME_ZONE: { status: 400, message: 'the time zone is not an IANA zone' },
  INVALID_DATE: { status: 400, message: 'the date is not a valid YYYY-MM-DD date' },
  INVALID_CONFIG: { status: 400, message: 'the configuration is not valid' },
  UNKNOWN_METRIC: { status: 404, message: 'no metric has this key' },
  UNKNOWN_ACHIEVEMENT: { status: 404, message: 'no achievement has this key' },
  UNKNOWN_STREAK: { status: 404, message: 'no streak rule is configured' },
  UNKNOWN_USER: { status: 404, message: 'no user has this id' },
  UNKNOWN_PAUSE: { status: 404, message: 'no pause has this id' },
  UNKNOWN_POINTS_SYSTEM: { status: 404, message: 'Points system not found' },
  UNKNOWN_LEADERBOARD: { status: 404, message: 'Leaderboard not found' },
  SUM_OUT_OF_RANGE: { status: 422, message: 'the event would take a sum beyond what is kept exactly' },
  TOO_MANY_ATTRIBUTE_SETS: {
    status: 422,
    message: "the event's attributes would give its user more sets of attributes than one user may have",
  },
  PERSONALIZATION_OFF: { status: 403, message: 'streak customization is not enabled for this streak rule' },
} as const satisfies Record<Exclude<CoreErrorCode, 'STORE_ERROR'>, ErrorRow>;

/** The server's own refusals. */
const SERVER = {
  EVENT_TOO_LATE: { status: 422, message: 'the event happened earlier than this route takes' },
  EVENT_IN_FUTURE: { status: 422, message: 'the event happens later than the server clock allows' },
  OUT_OF_POINTS: { status: 422, message: 'the event would take a points total below zero; nothing was recorded' },
  INVALID_JSON: { status: 400, message: 'the body is not valid JSON' },
  INVALID_IDEMPOTENCY_KEY: { status: 400, message: 'the Idempotency-Key header must be 1 to 255 characters long' },
  INVALID_TENANT_ID: {
    status: 400,
    message: 'the Tenant-ID header must be 1 to 255 characters long, without control characters',
  },
  INVALID_CONTENT_LENGTH: { status: 400, message: 'the Content-Length does not match the body' },
  INVALID_CONTENT_TYPE: { status: 400, message: 'the Content-Type header is not valid' },
  NO_STREAK_RULE: { status: 400, message: 'the account has no streak rule' },
  ACHIEVEMENT_NOT_API: { status: 400, message: 'the achievement completes by its own trigger' },
  INVALID_ATTRIBUTES: { status: 400, message: 'an attribute is not declared for its type' },
  BAD_URL: { status: 400, message: 'the URL cannot be decoded' },
  BAD_REQUEST: { status: 400, message: 'the request cannot be served' },
  MALFORMED_REQUEST: { status: 400, message: 'the request is not valid HTTP/1.1' },
  MISSING_HOST: { status: 400, message: 'an HTTP/1.1 request must carry a Host header' },
  SESSION_COOKIE_CONFLICT: {
    status: 400,
    message: 'the request carries two session cookies; clear the site cookies in the browser and sign in again',
  },
  MISSING_API_KEY: { status: 401, message: 'send your API key in the X-API-KEY header' },
  INVALID_API_KEY: { status: 401, message: 'the API key is not valid' },
  REVOKED_API_KEY: { status: 401, message: 'the API key was revoked' },
  SESSION_EXPIRED: { status: 401, message: 'the session has ended; sign in again' },
  INVALID_METRICS_TOKEN: {
    status: 401,
    message: 'send the metrics token (KINDLING_METRICS_TOKEN) as Authorization: Bearer <token>',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'the sign-in details are not valid' },
  ADMIN_KEY_REQUIRED: { status: 403, message: 'this route needs an admin key' },
  CSRF_HEADER_REQUIRED: { status: 403, message: 'a signed-in change must carry the X-Kindling-CSRF header' },
  OPERATOR_REQUIRED: { status: 403, message: 'only the server operator account may manage accounts' },
  KEY_BOUND_TO_USER: { status: 403, message: 'this application key acts for one user only' },
  NOT_FOUND: { status: 404, message: 'not found' },
  UNKNOWN_TENANT: { status: 404, message: 'no active tenant of this account has this customer id' },
  REQUEST_TIMEOUT: { status: 408, message: 'the request was not received in time' },
  METRIC_ARCHIVED: { status: 409, message: 'the metric is archived and takes no events' },
  ACHIEVEMENT_LOCKED: { status: 409, message: 'the achievement is locked: it completes for no one new' },
  ACCOUNT_NAME_TAKEN: { status: 409, message: 'an account already has this name' },
  CONFIG_CONFLICT: { status: 409, message: 'the configuration changed meanwhile; try again' },
  LIMIT_REACHED: { status: 409, message: 'the account has as many of these as it may have' },
  DELIVERY_UNDER_WAY: {
    status: 409,
    message: 'an attempt of this delivery is under way; send it again once it is done',
  },
  BODY_TOO_LARGE: { status: 413, message: 'the body is over 64 KB (1 MB for a batch of events)' },
  URL_TOO_LONG: { status: 414, message: 'a path segment is over 16 KB' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'the body must be JSON: send Content-Type: application/json' },
  UNSUPPORTED_CONTENT_ENCODING: {
    status: 415,
    message: 'the server decodes no Content-Encoding; send the body uncompressed',
  },
  EXPECTATION_FAILED: { status: 417, message: 'the server cannot meet the Expect header' },
  RATE_LIMITED: { status: 429, message: 'too many requests' },
  SIGN_IN_BUSY: { status: 429, message: 'the server is checking too many sign-ins at once' },
  HEADERS_TOO_LARGE: { status: 431, message: 'the request line and headers are over 16 KB' },
  INTERNAL: { status: 500, message: 'internal error; the server logged it' },
  STORE_DAMAGED: {
    status: 500,
    message: 'the store is damaged: trying again will not help until it is mended; the server logged what failed',
  },
  NOT_SUPPORTED: {
    status: 501,
    message: 'Kindling does not serve this part of the hosted service (points, levels, boosts, leaderboards, wrapped)',
  },
  STORE_UNAVAILABLE: { status: 503, message: 'the store is unavailable; try again in 1 s' },
  NOT_READY: { status: 503, message: 'the server is not ready' },
} as const satisfies Record<string, ErrorRow>;

export const ERROR_CODES = { ...CORE, ...SERVER } as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every code, in the table's order (the OpenAPI document's enum of `code`). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
