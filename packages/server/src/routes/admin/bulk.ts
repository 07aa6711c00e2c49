/**
 * The hosted service's bulk convention as HTTP sees it: the `?ids=` of a delete, and 201 when
 * something was created. What an item's issue is, and the change itself, live in `accounts/`
 * (`issues.ts`, `bulk-change.ts`), where the routes import them from.
 */
import { HttpError } from '../../errors/errors.js';

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
