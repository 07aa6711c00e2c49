/**
 * The issues of a bulk change, in the hosted service's words: each names its item by `index` (a
 * create's place in the body) or `id` (an update's or delete's), with a severity and a message. A
 * refused item is an issue, never a throw; a typed error of the core about one item becomes its
 * issue, anything else (a store's failure) is thrown again.
 */
import { KindlingError, keyFor, StoreError } from '@kindling/core';

/** One issue of a bulk answer (the admin API's `issueSchema`). */
export interface Issue {
  index?: number;
  id?: string;
  userId?: string;
  severity: 'error' | 'warning';
  message: string;
}

/** Where an issue points: the item's index, or its id. */
export type IssueAt = { index: number; userId?: string } | { id: string };

/** An issue as made: where it points (as given), its severity and message. */
export type IssueOf<At extends IssueAt> = At & { severity: Issue['severity']; message: string };

export function issue<At extends IssueAt>(at: At, message: string, severity: Issue['severity'] = 'error'): IssueOf<At> {
  return { ...at, severity, message };
}

/**
 * The issue for a typed error of the core about the item. Anything else is a failure and is thrown
 * again: a store's (StoreError) fails the request as on every route (503, or 500 when damaged),
 * since its message names what failed (a file, an address) for the operator's log, not the client.
 */
export function issueFromError<At extends IssueAt>(at: At, error: unknown): IssueOf<At> {
  if (error instanceof KindlingError && !(error instanceof StoreError)) return issue(at, error.message);
  throw error;
}

/**
 * The name (trimmed) and key (given, or derived from the name) of a new metric or achievement at
 * `index`, or the issue that refuses it: a bad key, a blank name, or a key `taken` already.
 */
export function nameAndKey(
  item: { name: string; key?: string },
  index: number,
  taken: (key: string) => boolean,
  noun: 'metric' | 'achievement',
): { name: string; key: string } | Issue {
  const name = item.name.trim();
  const key = keyFor({ ...item, name });
  if ('problem' in key) return issue({ index }, key.problem);
  if (name === '') return issue({ index }, 'Name must not be blank');
  if (taken(key.key)) return issue({ index }, `Key already in use by another ${noun}`);
  return { name, key: key.key };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The issue of a delete for an id that names no `noun`: as the hosted service words it, "id must be
 * a valid UUID" when it is not one, else "<noun> not found by ID". Ids are looked up first, so an
 * item whose id is not a UUID can still be deleted by it.
 */
export function missingIdIssue(id: string, noun: string): IssueOf<{ id: string }> {
  return issue({ id }, UUID.test(id) ? `${noun} not found by ID` : 'id must be a valid UUID');
}

/**
 * Marks the items with these ids archived: the list with them archived, the `deleted` answer, and
 * an issue for each id that names none (`missingIdIssue`).
 */
export function archiveByIds<T extends { id: string; status: string }>(
  items: readonly T[],
  ids: readonly string[],
  noun: string,
): { items: T[]; deleted: Array<{ id: string }>; issues: Issue[] } {
  const wanted = new Set(ids);
  const deleted: Array<{ id: string }> = [];
  const next = items.map((item) => {
    if (!wanted.has(item.id)) return item;
    deleted.push({ id: item.id });
    return { ...item, status: 'archived' };
  });
  const found = new Set(deleted.map((d) => d.id));
  const issues = ids.filter((id) => !found.has(id)).map((id) => missingIdIssue(id, noun));
  return { items: next, deleted, issues };
}

/**
 * Removes the items with these ids: the list without them, the `deleted` answer (in the order of
 * `ids`), and an issue for each id that names none (`missingIdIssue`).
 */
export function removeByIds<T extends { id: string }>(
  items: readonly T[],
  ids: readonly string[],
  noun: string,
): { items: T[]; deleted: Array<{ id: string }>; issues: Issue[] } {
  const found = new Set(items.filter((item) => ids.includes(item.id)).map((item) => item.id));
  return {
    items: items.filter((item) => !found.has(item.id)),
    deleted: ids.filter((id) => found.has(id)).map((id) => ({ id })),
    issues: ids.filter((id) => !found.has(id)).map((id) => missingIdIssue(id, noun)),
  };
}
