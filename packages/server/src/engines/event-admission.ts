/**
 * What an account's configuration allows of a new event now: its metric not archived, only
 * declared attributes on it and its user, and the instant it happened within what its sender may
 * send (event-lateness.ts). A repeat of an idempotency key is answered as first
 * recorded whatever these say (S18), so routes hand this to the engine as `admit` when a key is
 * sent: the engine runs it only for an event it is about to record.
 */
import type { MetricDef } from '../control/types.js';
import { ConflictError } from '../errors/service-errors.js';
import { checkAttributes } from './attributes.js';
import type { AccountRuntime } from './engines.js';
import { admitInstant, type Sender } from './event-lateness.js';

export interface AdmittedEvent {
  readonly user: { readonly attributes?: Readonly<Record<string, unknown>> | null };
  readonly attributes?: Readonly<Record<string, unknown>> | null;
}

/** The instant an event was sent with (`at`, read), the server clock's when it was sent, and who sent it. */
export interface EventTime {
  readonly at: number;
  readonly now: number;
  readonly sender: Sender;
}

/**
 * Throws METRIC_ARCHIVED, INVALID_ATTRIBUTES, EVENT_TOO_LATE or EVENT_IN_FUTURE when the account's
 * configuration refuses `event` on `metric` now (`time`: the event's own instant, when it was sent
 * with one). `where` names the event in messages (`events[3]` in a batch), nothing for a single one.
 */
export function admitEvent(
  runtime: AccountRuntime,
  metric: MetricDef,
  event: AdmittedEvent,
  where = '',
  time?: EventTime,
): void {
  if (metric.status === 'archived')
    throw new ConflictError(
      'METRIC_ARCHIVED',
      `${where === '' ? '' : `${where}: `}the metric ${JSON.stringify(metric.key)} is archived and takes no events`,
    );
  const prefix = where === '' ? '' : `${where}.`;
  checkAttributes(runtime.attributes, event.user.attributes, 'user', `${prefix}user.attributes: `);
  checkAttributes(runtime.attributes, event.attributes, 'event', `${prefix}attributes: `);
  if (time !== undefined) admitInstant(time.at, time.now, time.sender, runtime.config.lateEvents, where);
}
