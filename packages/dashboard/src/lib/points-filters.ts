/**
 * The attribute filters of points triggers and boosts, which name attributes by id (the admin API's
 * `{ attributeId, attributeValue }`), while the form's rows hold their keys as achievements' do:
 * rows checked as an achievement's (attribute-filters.ts) and turned into filters by id, saved
 * filters back into rows for editing, and told as one line of text.
 */
import type { Attribute, PointsFilter } from '../api/types';
import { buildFilters, type FilterRow } from './attribute-filters';

/** The filters by id for the rows of `what`, or the first problem (as `buildFilters` finds them, or an attribute not declared). */
export function buildPointsFilters(
  rows: readonly FilterRow[],
  what: 'users' | 'events',
  attributes: readonly Pick<Attribute, 'id' | 'key'>[],
): { filters: PointsFilter[] } | { error: string } {
  const built = buildFilters(rows, what);
  if ('error' in built) return built;
  const ids = new Map(attributes.map((attribute) => [attribute.key, attribute.id]));
  const filters: PointsFilter[] = [];
  for (const filter of built.filters) {
    const id = ids.get(filter.key);
    if (id === undefined) return { error: `${filter.key} is not a declared attribute.` };
    filters.push({ attributeId: id, attributeValue: filter.value });
  }
  return { filters };
}

/** Saved filters as the form's rows; an attribute no longer declared keeps its id as its key. */
export function pointsFilterRows(
  filters: readonly PointsFilter[] | undefined,
  attributes: readonly Pick<Attribute, 'id' | 'key'>[],
): FilterRow[] {
  const keys = new Map(attributes.map((attribute) => [attribute.id, attribute.key]));
  return (filters ?? []).map((filter) => ({
    key: keys.get(filter.attributeId) ?? filter.attributeId,
    value: filter.attributeValue,
  }));
}

/** Filters as a list shows them, by their attributes' keys: "plan = pro, country = FR", or '' for none. */
export function describePointsFilters(
  filters: readonly PointsFilter[] | undefined,
  attributes: readonly Pick<Attribute, 'id' | 'key'>[],
): string {
  return pointsFilterRows(filters, attributes)
    .map((row) => `${row.key} = ${row.value}`)
    .join(', ');
}
