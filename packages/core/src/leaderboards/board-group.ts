/**
 * S44: the group a user counts in on a board with breakdowns. A group is the user's values of the
 * board's breakdown attributes, in the board's order; its key is those values as a JSON array, so
 * two groups never share a key whatever the values hold (`=`, commas, quotes). A board without
 * breakdowns has one group, `""`. A user lacking one of the attributes is in no group and is not
 * entered. A reader names a group by pairs `key:value`: every breakdown attribute once, in any
 * order, and nothing else.
 */
/** The key of the group of a user with `attributes` on a board breaking down by `breakdown`; null: in none. */
export function groupOf(breakdown: readonly string[], attributes: Readonly<Record<string, string>>): string | null {
  if (breakdown.length === 0) return '';
  const values: string[] = [];
  for (const key of breakdown) {
    if (!Object.hasOwn(attributes, key)) return null;
    values.push(attributes[key] as string);
  }
  return JSON.stringify(values);
}

/** The breakdown values a group key holds, paired with their attributes. */
export function groupValues(breakdown: readonly string[], group: string): Array<{ key: string; value: string }> {
  if (group === '') return [];
  const values = JSON.parse(group) as string[];
  return breakdown.map((key, i) => ({ key, value: values[i] as string }));
}

/** What a reader's pairs name: a group's key, or why they name none (a sentence for the reader). */
export type GroupAsked = { readonly group: string } | { readonly problem: string };

/** The group named by `pairs` on a board breaking down by `breakdown` (see the header). */
export function groupOfPairs(
  breakdown: readonly string[],
  pairs: ReadonlyArray<readonly [string, string]>,
): GroupAsked {
  if (breakdown.length === 0)
    return pairs.length === 0 ? { group: '' } : { problem: 'this leaderboard has no breakdown attributes' };
  const given = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (!breakdown.includes(key))
      return { problem: `${JSON.stringify(key)} is not a breakdown attribute of this leaderboard` };
    if (given.has(key)) return { problem: `${JSON.stringify(key)} is given twice` };
    given.set(key, value);
  }
  const missing = breakdown.filter((key) => !given.has(key));
  if (missing.length > 0)
    return {
      problem: `userAttributes must name every breakdown attribute; missing ${missing.map((k) => JSON.stringify(k)).join(', ')}`,
    };
  return { group: JSON.stringify(breakdown.map((key) => given.get(key))) };
}
