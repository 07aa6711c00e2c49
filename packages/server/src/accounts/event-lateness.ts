/**
 * How late an application key's event may be, as the account keeps it: read the bound, or set it
 * (one compare-and-set of the account's configuration). The bound's range is the route's schema;
 * what a missing bound means is the engines' `maxLateHoursOf`.
 */
import { maxLateHoursOf } from '../engines/event-lateness.js';
import type { AccountDeps } from './account-deps.js';

/** The account's bound, in hours (0 when it never set one). */
export async function readEventLateness(deps: Pick<AccountDeps, 'control'>, accountId: string): Promise<number> {
  return maxLateHoursOf((await deps.control.config(accountId)).lateEvents);
}

/** Sets the account's bound and answers the bound as saved. */
export async function setEventLateness(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  maxLateHours: number,
): Promise<number> {
  const saved = await deps.control.changeConfig(accountId, (config) => ({ ...config, lateEvents: { maxLateHours } }));
  return maxLateHoursOf(saved.lateEvents);
}
