/**
 * The server's own typed errors, neutral so that every layer may throw them (the runtime's checks
 * of a new event, the control plane's compare-and-set, the HTTP layer's refusals): each carries a
 * code of the closed list (http/error-codes.ts) and its message, the code's default message there unless
 * one is given. The HTTP layer alone turns them into answers (http/errors.ts).
 *
 * Built as every error of the project is, the code first: `new XError(code, message?, options?)`
 * (options: the standard `{ cause }`). A class says what happened and takes only the codes whose
 * status in the list means it, checked by the type: an InvalidRequestError a 400 or 422 code, a
 * ConflictError a 409 one (and an HttpError, the HTTP layer's, any code but a conflict's). The
 * core's codes are raised by the core's classes (@kindling/core), not by these. A class whose
 * meaning is one code leaves the code out, `(message, options?)`: ConfigConflictError here, and the
 * server's errors that are no answer (UsageError, SettingsError, BackupError, ...: the CLI's exit
 * codes, cli/main.ts).
 */
import type { ErrorCode as CoreErrorCode } from '@kindling/core';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/** The server's codes (not the core's) whose status in the closed list is one of `S`. */
export type ServerCodeOfStatus<S extends number> = {
  [C in Exclude<ErrorCode, CoreErrorCode>]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[Exclude<ErrorCode, CoreErrorCode>];

/** What a request sent that the server does not take: 400, or 422 for an event out of time. */
export type InvalidRequestCode = ServerCodeOfStatus<400 | 422>;

/** What a request asks that the state it meets does not allow: 409. */
export type ConflictCode = ServerCodeOfStatus<409>;

/** A refusal with a code of the closed list; its message the code's default unless given. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string = ERROR_CODES[code].message, options?: ErrorOptions) {
    super(message);
    this.code = code;
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** A request whose content the server does not take: undeclared attributes, an event out of time. */
export class InvalidRequestError extends ServiceError {
  declare readonly code: InvalidRequestCode;
  constructor(code: InvalidRequestCode, message?: string, options?: ErrorOptions) {
    super(code, message, options);
  }
}

/** A request the state of the account refuses now: an archived metric, a locked achievement, a name taken. */
export class ConflictError extends ServiceError {
  declare readonly code: ConflictCode;
  constructor(code: ConflictCode, message?: string, options?: ErrorOptions) {
    super(code, message, options);
  }
}

/** An account's configuration changed between its read and the compare-and-set of a change to it. */
export class ConfigConflictError extends ConflictError {
  constructor(message?: string, options?: ErrorOptions) {
    super('CONFIG_CONFLICT', message, options);
  }
}
