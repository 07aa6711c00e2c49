/**
 * An achievement's attribute filters (docs/semantics.md S22, S25): the form holds them as rows of an
 * attribute key and a value as typed; these check the rows and turn them into the filters the admin
 * API takes, and tell saved filters as one line of text.
 */
import type { Achievement, NewAchievement } from '../api/types';

export type AttributeFilter = NonNullable<NewAchievement['userAttributes']>[number];

/** One row of the form: the key of a declared attribute ('' until chosen) and its value as typed. */
export interface FilterRow {
  key: string;
  value: string;
}

/** The most filters of each type an achievement may have (the server's limit). */
export const MAX_FILTERS = 20;
/** The longest value a filter may ask for (the server's limit). */
export const MAX_FILTER_VALUE = 1000;

/**
 * The filters to send for the rows of `what` ("users" or "events", as the form names the list), or the
 * first problem: an attribute not chosen, an empty or too long value, a key twice, too many rows.
 */
export function buildFilters(
  rows: readonly FilterRow[],
  what: 'users' | 'events',
): { filters: AttributeFilter[] } | { error: string } {
  const list = what === 'users' ? 'Only for users with' : 'Only events with';
  if (rows.length > MAX_FILTERS) return { error: `${list}: at most ${MAX_FILTERS} filters.` };
  const seen = new Set<string>();
  const filters: AttributeFilter[] = [];
  for (const [i, row] of rows.entries()) {
    if (row.key === '') return { error: `${list}: choose the attribute of filter ${i + 1}.` };
    if (seen.has(row.key)) return { error: `${list}: ${row.key} is filtered twice; keep one filter per attribute.` };
    seen.add(row.key);
    if (row.value === '') return { error: `${list}: give a value for ${row.key}.` };
    if (row.value.length > MAX_FILTER_VALUE)
      return { error: `${list}: the value for ${row.key} is longer than ${MAX_FILTER_VALUE} characters.` };
    filters.push({ key: row.key, value: row.value });
  }
  return { filters };
}

/** An achievement's filters as the list shows them, e.g. "users: plan = pro; events: device = ios", or '' for none. */
export function describeFilters(achievement: Pick<Achievement, 'userAttributes' | 'eventAttributes'>): string {
  const parts: string[] = [];
  for (const [what, filters] of [
    ['users', achievement.userAttributes],
    ['events', achievement.eventAttributes],
  ] as const) {
    if (filters && filters.length > 0)
      parts.push(`${what}: ${filters.map((filter) => `${filter.key} = ${filter.value}`).join(', ')}`);
  }
  return parts.join('; ');
}
