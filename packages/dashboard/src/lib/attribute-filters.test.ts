import { describe, expect, it } from 'vitest';
import { buildFilters, describeFilters, MAX_FILTER_VALUE, MAX_FILTERS } from './attribute-filters';

describe('attribute filters from the form (S22, S25)', () => {
  it('sends each row as a filter, in the order of the rows, the value as typed', () => {
    const rows = [
      { key: 'plan', value: 'pro' },
      { key: 'team', value: ' a b ' },
    ];
    expect(buildFilters(rows, 'users')).toEqual({ filters: rows });
  });

  it('sends no filters when there are no rows', () => {
    expect(buildFilters([], 'events')).toEqual({ filters: [] });
  });

  it('refuses an attribute filtered twice, naming the list and the key', () => {
    const rows = [
      { key: 'device', value: 'ios' },
      { key: 'device', value: 'android' },
    ];
    expect(buildFilters(rows, 'events')).toEqual({
      error: 'Only events with: device is filtered twice; keep one filter per attribute.',
    });
  });

  it('refuses an empty value', () => {
    expect(buildFilters([{ key: 'plan', value: '' }], 'users')).toEqual({
      error: 'Only for users with: give a value for plan.',
    });
  });

  it('refuses a row whose attribute was not chosen, naming the row', () => {
    expect(
      buildFilters(
        [
          { key: 'plan', value: 'pro' },
          { key: '', value: 'x' },
        ],
        'users',
      ),
    ).toEqual({ error: 'Only for users with: choose the attribute of filter 2.' });
  });

  it('accepts a value of the longest length the server takes, and refuses one longer', () => {
    expect(buildFilters([{ key: 'plan', value: 'x'.repeat(MAX_FILTER_VALUE) }], 'users')).toHaveProperty('filters');
    expect(buildFilters([{ key: 'plan', value: 'x'.repeat(MAX_FILTER_VALUE + 1) }], 'users')).toEqual({
      error: 'Only for users with: the value for plan is longer than 1000 characters.',
    });
  });

  it('accepts as many filters as the server takes, and refuses one more', () => {
    const rows = Array.from({ length: MAX_FILTERS + 1 }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(buildFilters(rows.slice(0, MAX_FILTERS), 'events')).toHaveProperty('filters');
    expect(buildFilters(rows, 'events')).toEqual({ error: 'Only events with: at most 20 filters.' });
  });
});

describe('attribute filters in the list', () => {
  it('tells the user filters, then the event filters', () => {
    expect(
      describeFilters({
        userAttributes: [
          { key: 'plan', value: 'pro' },
          { key: 'team', value: 'a' },
        ],
        eventAttributes: [{ key: 'device', value: 'ios' }],
      }),
    ).toBe('users: plan = pro, team = a; events: device = ios');
  });

  it('tells nothing for an achievement without filters', () => {
    expect(describeFilters({ userAttributes: [], eventAttributes: undefined })).toBe('');
  });
});
