import { describe, expect, it } from 'vitest';
import { parseRoute, pointsSystemHref, userHref } from './route';

describe('parseRoute', () => {
  it('reads the simple pages', () => {
    expect(parseRoute('#/metrics')).toEqual({ page: 'metrics' });
    expect(parseRoute('#/sign-in')).toEqual({ page: 'sign-in' });
    expect(parseRoute('#/keys/')).toEqual({ page: 'keys' });
    expect(parseRoute('#/tenants')).toEqual({ page: 'tenants' });
    expect(parseRoute('#/attributes')).toEqual({ page: 'attributes' });
  });

  it('treats an empty hash as the overview', () => {
    expect(parseRoute('')).toEqual({ page: 'overview' });
    expect(parseRoute('#/')).toEqual({ page: 'overview' });
  });

  it('reads a user id, decoded, with or without one', () => {
    expect(parseRoute('#/users')).toEqual({ page: 'users', id: null });
    expect(parseRoute(userHref('ana@example.com/1'))).toEqual({ page: 'users', id: 'ana@example.com/1' });
  });

  it('reads a points system id, decoded, with or without one', () => {
    expect(parseRoute('#/points')).toEqual({ page: 'points', id: null });
    expect(parseRoute(pointsSystemHref('sys/1 2'))).toEqual({ page: 'points', id: 'sys/1 2' });
  });

  it('answers not-found for anything else', () => {
    expect(parseRoute('#/nope')).toEqual({ page: 'not-found', path: 'nope' });
    expect(parseRoute('#/metrics/x')).toEqual({ page: 'not-found', path: 'metrics/x' });
  });
});
