/**
 * Failures are typed errors; expected outcomes (a replayed event, a restore with nothing to restore)
 * are values. Each error carries a stable `code` of one closed list, `ErrorCode`, that the HTTP
 * layer alone maps to a status; the class says what happened, and takes only the codes that mean it.
 *
 * One shape for every error: `new XError(code, message, options?)`, the code first, then the
 * message, then the standard `ErrorOptions` (`{ cause }`). A class whose meaning is one code
 * (ConfigError, StoreError) leaves the code out, `new XError(message, options?)`: the same order
 * without its first part. The core has no default messages (the server's closed list holds the
 * wire's): every throw says what it refuses.
 */

/** What a caller sent that the engine cannot accept. */
export type InvalidInputCode =
  | 'INVALID_INPUT'
  | 'INVALID_TIME_ZONE'
  | 'INVALID_DATE'
  | 'SUM_OUT_OF_RANGE'
  | 'TOO_MANY_ATTRIBUTE_SETS';

/** A key that names nothing the engine knows. */
export type NotFoundCode =
  | 'UNKNOWN_METRIC'
  | 'UNKNOWN_ACHIEVEMENT'
  | 'UNKNOWN_STREAK'
  | 'UNKNOWN_USER'
  | 'UNKNOWN_PAUSE'
  | 'UNKNOWN_POINTS_SYSTEM'
  | 'UNKNOWN_LEADERBOARD';

/** A feature of the configuration that is off, so that what a caller asks of it is not allowed. */
export type FeatureOffCode = 'PERSONALIZATION_OFF';

/** Every code a typed error of the core carries: the closed list. */
export type ErrorCode = InvalidInputCode | 'INVALID_CONFIG' | NotFoundCode | FeatureOffCode | 'STORE_ERROR';

/** The base of the core's typed errors; its subclasses say what happened. */
export class KindlingError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/**
 * A caller passed something the engine cannot accept (bad value, bad zone, bad date, bad range), or
 * an event that would take a sum beyond what is kept exactly (SUM_OUT_OF_RANGE, sums.ts) or give
 * its user a set of attributes beyond their bound (TOO_MANY_ATTRIBUTE_SETS, attributed-metric.ts).
 */
export class InvalidInputError extends KindlingError {
  declare readonly code: InvalidInputCode;
  constructor(code: InvalidInputCode, message: string, options?: ErrorOptions) {
    super(code, message, options);
  }
}

/**
 * What a caller asks needs a feature the configuration has off: a user's own streak choices while
 * the rule allows none of them (PERSONALIZATION_OFF, preferences.ts). Not an input error: the
 * same input is taken once the owner turns the feature on.
 */
export class FeatureOffError extends KindlingError {
  declare readonly code: FeatureOffCode;
  constructor(code: FeatureOffCode, message: string, options?: ErrorOptions) {
    super(code, message, options);
  }
}

/** The engine configuration (rules, achievements) is not valid; thrown by createEngine. */
export class ConfigError extends KindlingError {
  declare readonly code: 'INVALID_CONFIG';
  constructor(message: string, options?: ErrorOptions) {
    super('INVALID_CONFIG', message, options);
  }
}

/** A key that names nothing the engine knows: a metric, an achievement, a streak rule, a user or a pause. */
export class NotFoundError extends KindlingError {
  declare readonly code: NotFoundCode;
  constructor(code: NotFoundCode, message: string, options?: ErrorOptions) {
    super(code, message, options);
  }
}

/**
 * A store could not do its job: it did not answer in time, refused a write (a full disk), or holds
 * corrupted data, a foreign file, a schema it does not know. `lasting` when trying again cannot
 * help until someone mends the store (a damaged file, one replaced while open).
 */
export class StoreError extends KindlingError {
  declare readonly code: 'STORE_ERROR';
  readonly lasting: boolean;
  constructor(message: string, options?: ErrorOptions & { readonly lasting?: boolean }) {
    super('STORE_ERROR', message, options);
    this.lasting = options?.lasting === true;
  }
}
