/**
 * POST /admin/v1/metrics/events: up to 1,000 events in one call, for imports and backfills (each
 * event's `at`, when sent, any instant from 2000 on: engines/event-lateness.ts). Every
 * event is checked before any is recorded (an unknown or archived metric, a zone that is not one,
 * refuses the whole batch, naming the event; but an event with an idempotency key that repeats one
 * recorded before, or one earlier in the batch, is replayed, whatever the configuration says of it
 * now); then each user's events are recorded in the order
 * given, one at a time, as single events are (idempotency keys included), several users at once.
 * 202 `{ accepted, issues }` once all are recorded: an event the engine refuses on its own (a sum
 * beyond what is kept exactly) is an issue naming its index, and the others stand. A store that
 * fails mid-batch answers 503 with the events before it recorded: send the batch again with
 * idempotency keys and nothing is counted twice.
 */
import type { Engines } from '../../engines/engines.js';
import { isTimeZone, type RecordInput, StoreError } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, eventAttributes, upsertedUser } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { admitEvent } from '../../engines/event-admission.js';
import { eventUserOf } from '../../wire/user-wire.js';
import { acceptedEventsSchema } from '../../wire/admin-wire.js';
import { eventInstant, instantOf } from '../../http/event-instant.js';
import { issue, issueFromError, type Issue } from '../../accounts/issues.js';

/** What the route takes of the server: the lower layers it calls. */
export interface BatchEventsDeps {
  readonly clock: () => number;
  readonly engines: Engines;
}

/** The most events of one call. */
export const MAX_BATCH = 1000;
/** A batch's body may be this large (the other routes take 64 KB). */
export const BATCH_BODY_LIMIT = 1024 * 1024;
/** Users whose events are recorded at once. */
const USERS_AT_ONCE = 32;

const batchBody = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_BATCH,
  items: {
    type: 'object',
    required: ['key', 'user', 'value'],
    additionalProperties: false,
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 255, description: 'the metric key' },
      user: upsertedUser,
      value: { type: 'number', minimum: -1e12, maximum: 1e12 },
      attributes: eventAttributes,
      idempotencyKey: { type: 'string', minLength: 1, maxLength: 255 },
      at: eventInstant,
    },
  },
} as const;

type BatchEvent = FromSchema<typeof batchBody>[number];

/**
 * What the engine records of one event of a batch. With the `refusal` the configuration gave it,
 * the event is only answered if its key was recorded (S18): the engine's admit check throws it.
 */
function recordInputOf(event: BatchEvent, at: number | undefined, refusal?: unknown): RecordInput {
  return {
    userId: event.user.id,
    metric: event.key,
    value: event.value,
    ...(at === undefined ? {} : { at }),
    ...eventUserOf(event.user),
    attributes: event.attributes ?? null,
    idempotencyKey: event.idempotencyKey ?? null,
    admit:
      refusal === undefined
        ? null
        : () => {
            throw refusal;
          },
  };
}

export function batchEventsRoute(app: App, ctx: BatchEventsDeps): void {
  app.post(
    '/admin/v1/metrics/events',
    {
      config: { access: 'admin' },
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        summary: 'Record up to 1,000 events at once (imports, backfills)',
        tags: ['events'],
        body: batchBody,
        response: { 202: acceptedEventsSchema, ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const events = request.body;
      // every event checked before any is recorded
      const refusedNow = new Map<number, unknown>();
      // A refused event whose key repeats an admitted one earlier in the batch is that event's
      // repeat (S18): recorded after it, in its user's order, and replayed.
      const repeats = new Map<number, unknown>();
      const admittedKeys = new Set<string>();
      const scopeOf = (event: BatchEvent) => JSON.stringify([event.user.id, event.key, event.idempotencyKey]);
      // each event's own instant, when sent: a backfill (event-lateness.ts)
      const instants: Array<number | undefined> = [];
      const now = ctx.clock();
      events.forEach((event, index) => {
        const at = instantOf(event.at);
        if (typeof at === 'object') throw new HttpError('INVALID_INPUT', `events[${index}]: ${at.problem}`);
        instants[index] = at;
      });
      events.forEach((event, index) => {
        const metric = runtime.metricsByKey.get(event.key);
        if (metric === undefined)
          throw new HttpError('UNKNOWN_METRIC', `events[${index}]: no metric has the key ${JSON.stringify(event.key)}`);
        const tz = event.user.tz;
        if (tz != null && !isTimeZone(tz))
          throw new HttpError('INVALID_TIME_ZONE', `events[${index}]: ${JSON.stringify(tz)} is not an IANA time zone`);
        try {
          const at = instants[index];
          const time = at === undefined ? undefined : { at, now, sender: 'admin' as const };
          admitEvent(runtime, metric, event, `events[${index}]`, time);
          if (event.idempotencyKey != null) admittedKeys.add(scopeOf(event));
        } catch (refusal) {
          if (event.idempotencyKey == null) throw refusal;
          (admittedKeys.has(scopeOf(event)) ? repeats : refusedNow).set(index, refusal);
        }
      });
      // An event the configuration refuses now is answered only if its key repeats one recorded
      // before (S18): the engine replays it, writing nothing, or runs the refusal and records nothing.
      for (const [index, refusal] of refusedNow) {
        await runtime.engine.ingest(recordInputOf(events[index] as BatchEvent, instants[index], refusal));
      }
      // each user's events in the order given
      const byUser = new Map<string, number[]>();
      events.forEach((event, index) => {
        if (refusedNow.has(index)) return;
        const mine = byUser.get(event.user.id);
        if (mine === undefined) byUser.set(event.user.id, [index]);
        else mine.push(index);
      });
      const users = [...byUser.values()];
      const issues: Issue[] = [];
      let accepted = refusedNow.size;
      // a store failure ends the batch: the other workers record nothing more
      let failed: unknown = null;
      const worker = async () => {
        for (let mine = users.pop(); mine !== undefined && failed === null; mine = users.pop()) {
          for (const index of mine) {
            if (failed !== null) return;
            const event = events[index] as BatchEvent;
            // a repeat is replayed; were the event it repeats not recorded, its refusal is its issue
            const refusal = repeats.get(index);
            try {
              const recorded = await runtime.engine.ingest(recordInputOf(event, instants[index], refusal));
              // S31: an event its points refused stored nothing; it is an issue, the others stand
              if (recorded.refused === undefined) accepted++;
              else
                issues.push(
                  issue(
                    { index, userId: event.user.id },
                    `the event would take the points of ${JSON.stringify(recorded.refused.system)} below zero; nothing was recorded`,
                  ),
                );
            } catch (error) {
              if (error instanceof StoreError) {
                failed ??= error;
                return;
              }
              const at = { index, userId: event.user.id };
              issues.push(error === refusal ? issue(at, (refusal as Error).message) : issueFromError(at, error));
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(USERS_AT_ONCE, users.length) }, worker));
      if (failed !== null) throw failed;
      issues.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      return reply.code(202).send({ accepted, issues });
    },
  );
}
