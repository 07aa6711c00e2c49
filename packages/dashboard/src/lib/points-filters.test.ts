import { describe, expect, it } from 'vitest';
import { buildPointsFilters, describePointsFilters, pointsFilterRows } from './points-filters';

const attributes = [
  { id: 'at1', key: 'plan' },
  { id: 'at2', key: 'device' },
];

describe('the attribute filters of points triggers and boosts', () => {
  it('sends each row as a filter naming its attribute by id', () => {
    expect(
      buildPointsFilters(
        [
          { key: 'device', value: 'mobile' },
          { key: 'plan', value: 'pro' },
        ],
        'events',
        attributes,
      ),
    ).toEqual({
      filters: [
        { attributeId: 'at2', attributeValue: 'mobile' },
        { attributeId: 'at1', attributeValue: 'pro' },
      ],
    });
  });

  it('refuses the rows an achievement’s filters refuse, naming the list', () => {
    expect(buildPointsFilters([{ key: 'plan', value: '' }], 'users', attributes)).toEqual({
      error: 'Only for users with: give a value for plan.',
    });
  });

  it('refuses an attribute that is not declared', () => {
    expect(buildPointsFilters([{ key: 'team', value: 'a' }], 'users', attributes)).toEqual({
      error: 'team is not a declared attribute.',
    });
  });

  it('turns saved filters back into rows by key, keeping the id of an attribute no longer declared', () => {
    expect(
      pointsFilterRows(
        [
          { attributeId: 'at1', attributeValue: 'pro' },
          { attributeId: 'gone', attributeValue: 'x' },
        ],
        attributes,
      ),
    ).toEqual([
      { key: 'plan', value: 'pro' },
      { key: 'gone', value: 'x' },
    ]);
    expect(pointsFilterRows(undefined, attributes)).toEqual([]);
  });

  it('tells filters by their attributes’ keys, or nothing for none', () => {
    expect(
      describePointsFilters(
        [
          { attributeId: 'at1', attributeValue: 'pro' },
          { attributeId: 'at2', attributeValue: 'ios' },
        ],
        attributes,
      ),
    ).toBe('plan = pro, device = ios');
    expect(describePointsFilters([], attributes)).toBe('');
  });
});
