/**
 * The shape of the core's typed errors: each class built code first (the one-code classes without
 * it), carrying its code, message and cause, named for itself, and related to the others only as
 * the callers' `instanceof` checks need (every one a KindlingError; a feature that is off is no
 * input error).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, FeatureOffError, InvalidInputError, KindlingError, NotFoundError, StoreError } from './errors.js';

const cause = new Error('the driver said no');

describe('the core errors', () => {
  it.each([
    [
      new InvalidInputError('INVALID_DATE', 'from must be a date'),
      InvalidInputError,
      'INVALID_DATE',
      'from must be a date',
    ],
    [
      new FeatureOffError('PERSONALIZATION_OFF', 'no choices here'),
      FeatureOffError,
      'PERSONALIZATION_OFF',
      'no choices here',
    ],
    [new NotFoundError('UNKNOWN_USER', 'no user "ada"'), NotFoundError, 'UNKNOWN_USER', 'no user "ada"'],
    [new ConfigError('rules[0]: bad'), ConfigError, 'INVALID_CONFIG', 'rules[0]: bad'],
    [new StoreError('the file is gone'), StoreError, 'STORE_ERROR', 'the file is gone'],
  ] as const)('carry their code and message, and their class name: %s', (error, kind, code, message) => {
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(KindlingError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.name).toBe(kind.name);
    expect('cause' in error).toBe(false);
  });

  it('keep the failure they were made of when given one, in the same place for every class', () => {
    const made = [
      new InvalidInputError('INVALID_INPUT', 'x', { cause }),
      new FeatureOffError('PERSONALIZATION_OFF', 'x', { cause }),
      new NotFoundError('UNKNOWN_PAUSE', 'x', { cause }),
      new ConfigError('x', { cause }),
      new StoreError('x', { cause }),
      new KindlingError('INVALID_INPUT', 'x', { cause }),
    ];
    for (const error of made) expect(error.cause).toBe(cause);
  });

  it('file a feature that is off apart from invalid input, and every class apart from the others', () => {
    const classes = [InvalidInputError, FeatureOffError, NotFoundError, ConfigError, StoreError];
    const one = [
      new InvalidInputError('INVALID_INPUT', 'x'),
      new FeatureOffError('PERSONALIZATION_OFF', 'x'),
      new NotFoundError('UNKNOWN_METRIC', 'x'),
      new ConfigError('x'),
      new StoreError('x'),
    ];
    for (const [i, error] of one.entries())
      for (const [j, kind] of classes.entries())
        expect(error instanceof kind, `${error.name} instanceof ${kind.name}`).toBe(i === j);
  });

  it('tell a store failure that lasts from one that may pass', () => {
    expect(new StoreError('timed out').lasting).toBe(false);
    expect(new StoreError('damaged', { lasting: true }).lasting).toBe(true);
    expect(new StoreError('damaged', { lasting: true, cause }).cause).toBe(cause);
  });
});
