/**
 * Failures are typed errors; expected outcomes (a replayed event, a restore with nothing to restore)
 * are values. Each error carries a stable `code` that the HTTP layer maps to a status.
 */
export type ErrorCode =
  | 'INVALID_INPUT'
  | 'INVALID_TIME_ZONE'
  | 'INVALID_DATE'
  | 'INVALID_CONFIG'
  | 'UNKNOWN_METRIC'
  | 'UNKNOWN_ACHIEVEMENT'
  | 'UNKNOWN_STREAK'
  | 'UNKNOWN_USER'
  | 'UNKNOWN_PAUSE'
  | 'SUM_OUT_OF_RANGE'
  | 'TOO_MANY_ATTRIBUTE_SETS'
  | 'PERSONALIZATION_OFF'
  | 'STORE_ERROR';

export class KindlingError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * A caller passed something the engine cannot accept (bad value, bad zone, bad date, bad range), or
 * an event that would take a sum beyond what is kept exactly (SUM_OUT_OF_RANGE, sums.ts) or give
 * its user a set of attributes beyond their bound (TOO_MANY_ATTRIBUTE_SETS, attributed-metric.ts).
 */
export class InvalidInputError extends KindlingError {
  constructor(
    message: string,
    code:
      | 'INVALID_INPUT'
      | 'INVALID_TIME_ZONE'
      | 'INVALID_DATE'
      | 'SUM_OUT_OF_RANGE'
      | 'TOO_MANY_ATTRIBUTE_SETS'
      | 'PERSONALIZATION_OFF' = 'INVALID_INPUT',
  ) {
    super(code, message);
  }
}

/** The engine configuration (rules, achievements) is not valid; thrown by createEngine. */
export class ConfigError extends KindlingError {
  constructor(message: string) {
    super('INVALID_CONFIG', message);
  }
}

/** A key that names nothing the engine knows: a metric, an achievement, a streak rule or a user. */
export class NotFoundError extends KindlingError {
  constructor(
    code: 'UNKNOWN_METRIC' | 'UNKNOWN_ACHIEVEMENT' | 'UNKNOWN_STREAK' | 'UNKNOWN_USER' | 'UNKNOWN_PAUSE',
    message: string,
  ) {
    super(code, message);
  }
}

/**
 * A store could not do its job: it did not answer in time, refused a write (a full disk), or holds
 * corrupted data, a foreign file, a schema it does not know. `lasting` when trying again cannot
 * help until someone mends the store (a damaged file, one replaced while open).
 */
export class StoreError extends KindlingError {
  readonly lasting: boolean;
  constructor(message: string, options?: { cause?: unknown; lasting?: boolean }) {
    super('STORE_ERROR', message);
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
    this.lasting = options?.lasting === true;
  }
}
