/**
 * S28: whether attributes match a filter: every pair of the filter is among them, with the same
 * value. An absent or empty filter matches everyone. Read by own keys only, so a `__proto__` or
 * `constructor` key is a name like any other, never an inherited value.
 */
import type { AttributeFilter } from './points-types.js';

export function matchesAttributes(filter: AttributeFilter | undefined, attributes: AttributeFilter): boolean {
  if (filter === undefined) return true;
  for (const key of Object.keys(filter)) {
    if (!Object.hasOwn(attributes, key) || attributes[key] !== filter[key]) return false;
  }
  return true;
}
