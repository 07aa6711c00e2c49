/**
 * S39: `points.boost_started` and `points.boost_finished` of an account's global boosts (a boost of
 * all users, or of those with some attributes), once per boost and transition, at the instants S35
 * gives its status: active from 10:00 UTC the day before its start, finished from 12:00 UTC the day
 * after its end. Each relay tick looks at the boosts of the accounts with an endpoint on that takes
 * either type; what was sent is kept in the control plane (`points-boosts-sent:<account>`: boost id
 * → the last transition queued), written after the delivery is queued under an id made from the
 * boost and the transition, so a restart or a second process queues it again at most, which the
 * queue keeps once: no duplicate and no miss. A boost that went from scheduled to finished while no
 * relay ran is sent as started, then finished. A boost of one user is not sent (not yet built).
 */
import { deterministicId, parseDay } from '@kindling/core';
import type { ControlKV } from '@kindling/core/adapter';
import { boostStatus } from '../accounts/points-boosts.js';
import type { AccountConfig, PointsBoostDef, PointsSystemDef } from '../control/types.js';
import type { WebhookType } from '../control/webhook-endpoint.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A boost webhook to queue: its id, type, order key and body. */
export interface BoostMessage {
  readonly id: string;
  readonly type: 'points.boost_started' | 'points.boost_finished';
  readonly orderKey: string;
  readonly body: string;
}

const sentKey = (accountId: string) => `points-boosts-sent:${accountId}`;

/** The instant a boost became active (`started`) or finished. */
function transitionAt(boost: PointsBoostDef, type: BoostMessage['type']): number {
  return type === 'points.boost_started'
    ? (parseDay(boost.start) - 1) * DAY_MS + 10 * HOUR_MS
    : (parseDay(boost.end as string) + 1) * DAY_MS + 12 * HOUR_MS;
}

function boostMessage(
  accountId: string,
  system: PointsSystemDef,
  boost: PointsBoostDef,
  type: BoostMessage['type'],
): BoostMessage {
  const id = deterministicId('points-boost', accountId, boost.id, type);
  const body = {
    id,
    type,
    timestamp: new Date(transitionAt(boost, type)).toISOString(),
    boost: {
      id: boost.id,
      name: boost.name,
      status: type === 'points.boost_started' ? 'active' : 'finished',
      userId: null,
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
 * Queues (through `queue`) the boost transitions of the account not sent yet at `now`, for endpoints
 * taking `types`, and notes each as sent once queued; how many transitions were queued.
 */
export async function sendBoostTransitions(
  kv: ControlKV,
  accountId: string,
  config: AccountConfig,
  now: number,
  queue: (messages: readonly BoostMessage[]) => Promise<void>,
): Promise<number> {
  const sent = await kv.readFields(sentKey(accountId));
  let queued = 0;
  for (const system of config.points ?? []) {
    if (system.status !== 'active') continue;
    for (const boost of system.boosts) {
      if (boost.userId !== null) continue;
      const status = boostStatus(boost, now);
      if (status === 'scheduled') continue;
      const was = sent[boost.id];
      const due: BoostMessage[] = [];
      if (was === undefined) due.push(boostMessage(accountId, system, boost, 'points.boost_started'));
      if (status === 'finished' && was !== 'finished')
        due.push(boostMessage(accountId, system, boost, 'points.boost_finished'));
      if (due.length === 0) continue;
      await queue(due);
      await kv.setFields(sentKey(accountId), { [boost.id]: status === 'finished' ? 'finished' : 'started' });
      queued += due.length;
    }
  }
  return queued;
}

/** Whether an endpoint taking `types` hears of boosts. */
export function takesBoosts(types: ReadonlySet<WebhookType>): boolean {
  return types.has('points.boost_started') || types.has('points.boost_finished');
}
