/**
 * How far from the server clock the instant an event happened (`at`) may lie (docs/semantics.md S4:
 * a late event is placed on its own date and its user rebuilt). With an application key, as late as
 * the owner's `maxLateHours` (the account's configuration; 0, the default, takes only the clock
 * skew): an offline app syncing a day later. With an admin key (the batch route: a backfill), any
 * instant from 2000-01-01 on. Never more than the clock skew ahead: an event cannot have happened
 * yet, and its date would hold every later event of its user.
 */
import type { LateEvents } from '../control/types.js';
import { InvalidRequestError } from '../errors/service-errors.js';

/** How far an `at` may lie after the server clock, and before it when late events are off: clocks of devices run a little apart. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** The most an owner may allow: 30 days. */
export const MAX_LATE_HOURS = 720;
/** The earliest instant a backfill takes: no streak service's data lies before it, and a typo (year 0202) does not hold a user's dates. */
export const EARLIEST_EVENT_MS = Date.UTC(2000, 0, 1);

/** Who sends the event: an application key (the owner's bound) or an admin key (a backfill). */
export type Sender = 'app' | 'admin';

/** The owner's bound, in hours: 0 when none is set. */
export function maxLateHoursOf(late: LateEvents | undefined): number {
  return late?.maxLateHours ?? 0;
}

/**
 * Throws EVENT_TOO_LATE or EVENT_IN_FUTURE (422, the message naming the bound) when `at` lies
 * beyond what `sender` may send at `now`. `where` names the event (`events[3]` in a batch).
 */
export function admitInstant(at: number, now: number, sender: Sender, late: LateEvents | undefined, where = ''): void {
  const prefix = where === '' ? '' : `${where}: `;
  const when = new Date(at).toISOString();
  if (at > now + CLOCK_SKEW_MS)
    throw new InvalidRequestError(
      'EVENT_IN_FUTURE',
      `${prefix}at ${when} is more than 5 minutes after the server clock (${new Date(now).toISOString()}): an event cannot have happened yet`,
    );
  if (sender === 'admin') {
    if (at < EARLIEST_EVENT_MS)
      throw new InvalidRequestError(
        'EVENT_TOO_LATE',
        `${prefix}at ${when} is before 2000-01-01T00:00:00Z, the earliest a backfill takes`,
      );
    return;
  }
  const hours = maxLateHoursOf(late);
  const bound = Math.max(hours * 3_600_000, CLOCK_SKEW_MS);
  if (at < now - bound)
    throw new InvalidRequestError(
      'EVENT_TOO_LATE',
      hours === 0
        ? `${prefix}at ${when} is more than 5 minutes before the server clock, and this account takes no late events from an application key (maxLateHours 0: the owner sets it with PUT /admin/v1/events/lateness; a backfill goes to POST /admin/v1/metrics/events)`
        : `${prefix}at ${when} is more than ${hours} hours before the server clock, the most this account takes from an application key (maxLateHours ${hours})`,
    );
}
