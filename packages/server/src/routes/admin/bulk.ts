/**
 * The hosted service's bulk convention: items in, `{ created|updated|deleted, issues }` out, each
 * issue naming its item by `index` (creates) or `id` (updates, deletes). 201 when something was
 * created. A typed error of the core about one item becomes that item's issue.
 */
import { KindlingError, keyFor, StoreError } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import { HttpError } from '../../errors/errors.js';
import type { issueSchema } from '../../wire/admin-wire.js';

export type Issue = FromSchema<typeof issueSchema>;

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

/** 201 when at least one item was created, else 200. */
export function statusOf(created: number): 201 | 200 {
  return created > 0 ? 201 : 200;
}

/** The ids of `?ids=a,b&ids=c`, without blanks and repeats; 1..100 of them. */
export function idsFrom(parts: readonly string[]): string[] {
  const ids = [
    ...new Set(
      parts
        .flatMap((part) => part.split(','))
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length === 0 || ids.length > 100)
    throw new HttpError('INVALID_INPUT', `ids must name 1 to 100 items, got ${ids.length}`);
  return ids;
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
