/**
 * A metric counted under the attributes of its events (S25): an event that carries attributes adds
 * its value to the metric's total and also to the total of the metric under exactly those
 * attributes, a series of its own in the journal (`metric` U+001F `key=value&key=value`, keys in
 * order, both escaped). A metric achievement filtered by event attributes counts the totals whose
 * attributes hold every value it asks for. Every combination is kept, not only those some filter
 * asks for today, so that a filter declared later counts the events that came before it (S22
 * backdating) and a rebuild folds the series as any other (S20).
 */

import type { Journal } from './state.js';

/** Between the metric and its attributes in an attributed series' name: not in any metric key (record checks). */
export const ATTRIBUTED_MARK = '\u001f';

/**
 * How many sets of event attributes one user's events may carry, and how many characters their
 * series' names may hold in all. Each set is a total in the user's state and an open sum beside
 * it, read and written with every event of the user: without a bound, one caller sending a new
 * value each time made every event of that user, and the server's thread with it, slower without end.
 */
export const MAX_ATTRIBUTE_SETS = 1_000;
export const MAX_ATTRIBUTE_SET_CHARACTERS = 65_536;

/**
 * Whether a user whose totals under attributes are `attributed` may hold the new series `name`
 * (one they do not hold yet): within both bounds above once it is added.
 */
export function roomForAttributeSet(attributed: Readonly<Record<string, number>> | undefined, name: string): boolean {
  let sets = 1;
  let characters = name.length;
  for (const held in attributed) {
    sets++;
    characters += held.length;
  }
  return sets <= MAX_ATTRIBUTE_SETS && characters <= MAX_ATTRIBUTE_SET_CHARACTERS;
}

/** The name of `metric`'s series under `attributes` (at least one). */
export function attributedKey(metric: string, attributes: Readonly<Record<string, string>>): string {
  const keys = Object.keys(attributes).sort();
  let name = metric + ATTRIBUTED_MARK;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    name += `${i === 0 ? '' : '&'}${encodeURIComponent(key)}=${encodeURIComponent(attributes[key] as string)}`;
  }
  return name;
}

/** Whether a series' name is an attributed one (not a metric's own). */
export function isAttributed(name: string): boolean {
  return name.includes(ATTRIBUTED_MARK);
}

/** The metric and the attributes of an attributed series' name. */
export function readAttributedKey(name: string): { metric: string; attributes: Map<string, string> } {
  const mark = name.indexOf(ATTRIBUTED_MARK);
  const attributes = new Map<string, string>();
  for (const pair of name.slice(mark + 1).split('&')) {
    const equals = pair.indexOf('=');
    attributes.set(decodeURIComponent(pair.slice(0, equals)), decodeURIComponent(pair.slice(equals + 1)));
  }
  return { metric: name.slice(0, mark), attributes };
}

/** The sum of `metric`'s attributed totals whose attributes hold every filter's value. */
export function filteredTotal(
  attributed: Readonly<Record<string, number>> | undefined,
  metric: string,
  filters: ReadonlyArray<{ readonly key: string; readonly value: string }>,
): number {
  if (attributed === undefined) return 0;
  let sum = 0;
  const prefix = metric + ATTRIBUTED_MARK;
  for (const name in attributed) {
    if (!name.startsWith(prefix)) continue;
    const { attributes } = readAttributedKey(name);
    if (filters.every((filter) => attributes.get(filter.key) === filter.value)) sum += attributed[name] as number;
  }
  return sum;
}

/** A journal as the engine shows it: the metrics' own sums, without the attributed series. */
export function withoutAttributed(journal: Journal): Journal {
  if (!journal.rollups.some((row) => isAttributed(row.metric))) return journal;
  return { ...journal, rollups: journal.rollups.filter((row) => !isAttributed(row.metric)) };
}
