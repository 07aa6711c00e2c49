/**
 * S39: `points.boost_started` and `points.boost_finished` of an account's global boosts (a boost of
 * all users, or of those with some attributes), once per boost and transition, at the instants S35
 * gives its status: active from 10:00 UTC the day before its start, finished from 12:00 UTC the day
 * after its end. Each relay tick looks at the boosts of the accounts with an endpoint on that takes
 * either type; what was sent is kept in the control plane (`points-boosts-sent:<account>`: boost id
 * → the last transition queued), written after the delivery is queued under an id made from the
 * boost and the transition, so a restart or a second process queues it again at most, which the
 * queue keeps once: no duplicate and no miss. A boost that went from scheduled to finished while no
 * relay ran is sent as started, then finished. The record of a boost deleted since (alone or with
 * its system) is removed at the next look, so the record holds the account's boosts only.
 *
 * A user's own boost goes at the start and end of its dates in the user's zone (UTC while they have
 * none): started at the local midnight its start date begins, finished at the one after its end
 * date. Its user is read (their zone, from the boost's namespace) only when a transition may be due
 * in some zone (no zone's midnight comes more than 14 hours before UTC's); a user erased since is
 * sent nothing.
 */
import { deterministicId, localDateStart, parseDay } from '@kindling/core';
import type { ControlKV } from '@kindling/core/adapter';
import type { AccountConfig, PointsBoostDef, PointsSystemDef } from '../control/types.js';
import type { WebhookType } from '../control/webhook-endpoint.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** how long before UTC's midnight the earliest zone's comes (UTC+14) */
const EARLIEST_ZONE_MS = 14 * HOUR_MS;

/** A user boost's user's zone (null: none yet, counted in UTC), or undefined when the boost's namespace no longer holds them. */
export type ZoneOfUser = (boost: PointsBoostDef & { userId: string }) => Promise<string | null | undefined>;

type Transition = BoostMessage['type'];

/** A boost webhook to queue: its id, type, order key and body. */
export interface BoostMessage {
  readonly id: string;
  readonly type: 'points.boost_started' | 'points.boost_finished';
  readonly orderKey: string;
  readonly body: string;
}

const sentKey = (accountId: string) => `points-boosts-sent:${accountId}`;

/** The instant a global boost becomes active (`started`) or finished (S35). */
function globalTransitionAt(boost: PointsBoostDef, type: Transition): number {
  return type === 'points.boost_started'
    ? (parseDay(boost.start) - 1) * DAY_MS + 10 * HOUR_MS
    : (parseDay(boost.end as string) + 1) * DAY_MS + 12 * HOUR_MS;
}

/** The first local date after a boost's end date. */
const dayAfter = (date: string) => new Date((parseDay(date) + 1) * DAY_MS).toISOString().slice(0, 10);

/** The instant a user's boost begins (`started`) or ends in the user's zone `tz`. */
function userTransitionAt(boost: PointsBoostDef, type: Transition, tz: string): number {
  return type === 'points.boost_started'
    ? localDateStart(boost.start, tz)
    : localDateStart(dayAfter(boost.end as string), tz);
}

function boostMessage(
  accountId: string,
  system: PointsSystemDef,
  boost: PointsBoostDef,
  type: Transition,
  at: number,
): BoostMessage {
  const id = deterministicId('points-boost', accountId, boost.id, type);
  const body = {
    id,
    type,
    timestamp: new Date(at).toISOString(),
    boost: {
      id: boost.id,
      name: boost.name,
      status: type === 'points.boost_started' ? 'active' : 'finished',
      userId: boost.userId,
      pointsSystemId: system.id,
      pointsSystemKey: system.key,
      pointsSystemName: system.name,
      start: boost.start,
      end: boost.end,
      multiplier: boost.multiplier,
      rounding: boost.rounding,
    },
  };
  return { id, type, orderKey: `points-boost:${boost.id}`, body: JSON.stringify(body) };
}

/**
 * The transition of a boost that may come next, given what was sent of it (`was`), or null when
 * none is left: started first, then finished when it has an end.
 */
function nextTransition(boost: PointsBoostDef, was: string | undefined): Transition | null {
  if (was === undefined) return 'points.boost_started';
  return was === 'started' && boost.end !== null ? 'points.boost_finished' : null;
}

/** Whether `type` of a user's boost has come at `now` in no zone yet (before every zone's midnight). */
function dueInNoZone(boost: PointsBoostDef, type: Transition, now: number): boolean {
  const day = type === 'points.boost_started' ? parseDay(boost.start) : parseDay(boost.end as string) + 1;
  return now < day * DAY_MS - EARLIEST_ZONE_MS;
}

/** The transitions of `boost` due at `now` and not sent, in order, each with its instant. */
async function dueTransitions(
  boost: PointsBoostDef,
  was: string | undefined,
  now: number,
  zoneOfUser: ZoneOfUser,
): Promise<Array<{ type: Transition; at: number }>> {
  const next = nextTransition(boost, was);
  if (next === null) return [];
  let at: (type: Transition) => number = (type) => globalTransitionAt(boost, type);
  if (boost.userId !== null) {
    if (dueInNoZone(boost, next, now)) return [];
    const zone = await zoneOfUser({ ...boost, userId: boost.userId });
    if (zone === undefined) return [];
    at = (type) => userTransitionAt(boost, type, zone ?? 'UTC');
  }
  const due: Array<{ type: Transition; at: number }> = [];
  for (let type: Transition | null = next; type !== null; ) {
    const instant = at(type);
    if (instant > now) break;
    due.push({ type, at: instant });
    type = type === 'points.boost_started' && boost.end !== null ? 'points.boost_finished' : null;
  }
  return due;
}

/**
 * Queues (through `queue`) the boost transitions of the account not sent yet at `now`, for endpoints
 * taking `types`, and notes each as sent once queued; how many transitions were queued.
 */
export async function sendBoostTransitions(
  kv: ControlKV,
  accountId: string,
  config: AccountConfig,
  now: number,
  queue: (messages: readonly BoostMessage[]) => Promise<void>,
  zoneOfUser: ZoneOfUser,
): Promise<number> {
  const sent = await kv.readFields(sentKey(accountId));
  let queued = 0;
  // what was sent of boosts deleted since (or of deleted systems) is of no use: forgotten
  const live = new Set((config.points ?? []).flatMap((system) => system.boosts.map((boost) => boost.id)));
  const gone = Object.keys(sent).filter((id) => !live.has(id));
  if (gone.length > 0) await kv.removeFields(sentKey(accountId), gone);
  for (const system of config.points ?? []) {
    if (system.status !== 'active') continue;
    for (const boost of system.boosts) {
      const due = await dueTransitions(boost, sent[boost.id], now, zoneOfUser);
      if (due.length === 0) continue;
      await queue(due.map(({ type, at }) => boostMessage(accountId, system, boost, type, at)));
      const last = (due.at(-1) as (typeof due)[number]).type;
      await kv.setFields(sentKey(accountId), { [boost.id]: last === 'points.boost_finished' ? 'finished' : 'started' });
      queued += due.length;
    }
  }
  return queued;
}

/** Whether an endpoint taking `types` hears of boosts. */
export function takesBoosts(types: ReadonlySet<WebhookType>): boolean {
  return types.has('points.boost_started') || types.has('points.boost_finished');
}
