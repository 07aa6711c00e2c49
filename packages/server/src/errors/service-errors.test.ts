/**
 * The shape of the server's typed errors: built code first, each carrying its code and the code's
 * default message of the closed list unless given one, and each class taking only the codes whose
 * status means it (the type checks it: the lines marked @ts-expect-error must not compile).
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST, ERROR_CODES } from './error-codes.js';
import { HttpError } from './errors.js';
import { ConfigConflictError, ConflictError, InvalidRequestError, ServiceError } from './service-errors.js';

describe('the server errors', () => {
  it('carry any listed code with its default message, or the message given', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(new ServiceError(code)).toMatchObject({ code, message: ERROR_CODES[code].message });
      expect(new ServiceError(code, `said of ${code}`)).toMatchObject({ code, message: `said of ${code}` });
    }
  });

  it('say what happened by their class: invalid content, a conflict, the configuration changed meanwhile', () => {
    const late = new InvalidRequestError('EVENT_TOO_LATE', 'at is too early');
    expect(late).toBeInstanceOf(ServiceError);
    expect(late).not.toBeInstanceOf(ConflictError);
    expect(late).toMatchObject({ code: 'EVENT_TOO_LATE', message: 'at is too early' });
    const archived = new ConflictError('METRIC_ARCHIVED');
    expect(archived).toBeInstanceOf(ServiceError);
    expect(archived).not.toBeInstanceOf(InvalidRequestError);
    expect(archived).toMatchObject({ code: 'METRIC_ARCHIVED', message: ERROR_CODES.METRIC_ARCHIVED.message });
    const changed = new ConfigConflictError('account a changed');
    expect(changed).toBeInstanceOf(ConflictError);
    expect(changed).toMatchObject({ code: 'CONFIG_CONFLICT', message: 'account a changed' });
    expect(new ConfigConflictError().message).toBe(ERROR_CODES.CONFIG_CONFLICT.message);
  });

  it('keep the failure they were made of, and an HttpError the headers of its answer', () => {
    const cause = new Error('underneath');
    expect(new ConflictError('LIMIT_REACHED', undefined, { cause }).cause).toBe(cause);
    expect('cause' in new ConflictError('LIMIT_REACHED')).toBe(false);
    const limited = new HttpError('RATE_LIMITED', 'retry in 3 s', { headers: { 'retry-after': '3' }, cause });
    expect(limited).toBeInstanceOf(ServiceError);
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: 'retry in 3 s', cause });
    expect(limited.headers).toEqual({ 'retry-after': '3' });
    expect(new HttpError('NOT_FOUND')).toMatchObject({ status: 404, message: 'not found', headers: {} });
  });

  it('take only the codes whose status means their class', () => {
    const refused = [
      // @ts-expect-error a 409 code is not invalid content
      new InvalidRequestError('METRIC_ARCHIVED'),
      // @ts-expect-error the core's input codes are the core's InvalidInputError's
      new InvalidRequestError('INVALID_INPUT'),
      // @ts-expect-error a 400 code is no conflict
      new ConflictError('INVALID_JSON'),
      // @ts-expect-error a conflict is a ConflictError, not an HttpError
      new HttpError('CONFIG_CONFLICT'),
      // @ts-expect-error a feature that is off is the core's FeatureOffError
      new HttpError('PERSONALIZATION_OFF'),
    ];
    // what the type refuses is still built as given: the check is the type's, not a second mapping
    expect(refused.map((error) => error.code)).toEqual([
      'METRIC_ARCHIVED',
      'INVALID_INPUT',
      'INVALID_JSON',
      'CONFIG_CONFLICT',
      'PERSONALIZATION_OFF',
    ]);
  });
});
