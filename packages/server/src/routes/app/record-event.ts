/**
 * POST /api/metrics/:key/event (the spec's path) and POST /v1/metrics/:key/event (the hosted
 * service's SDK path): record one event, answer everything it changed. 201, or 202 for a replay.
 * `at` (Kindling's extension): when it happened, as late as the owner allows (event-lateness.ts).
 */
import type { Engines } from '../../engines/engines.js';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, eventBody, metricKeyParams } from '../../http/schemas.js';
import { singleHeader } from '../../http/single-header.js';
import type { App } from '../../http/typed-app.js';
import { admitEvent } from '../../engines/event-admission.js';
import { eventAnswerSchema, eventWire } from '../../wire/event-wire.js';
import { instantOf } from '../../http/event-instant.js';
import { eventUserOf } from '../../wire/user-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface RecordEventDeps {
  readonly clock: () => number;
  readonly engines: Engines;
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = singleHeader(
    request,
    'idempotency-key',
    () => new HttpError('INVALID_IDEMPOTENCY_KEY', 'send one Idempotency-Key header: an event has one key'),
  );
  if (key === undefined) return null;
  if (key.length === 0 || key.length > 255)
    throw new HttpError('INVALID_IDEMPOTENCY_KEY', 'the Idempotency-Key header must be 1 to 255 characters long');
  return key;
}

/** The spec's path and the hosted service's SDK path, with the summary each is documented under. */
const PATHS = [
  ['/api/metrics/:key/event', 'Record a metric event'],
  ['/v1/metrics/:key/event', 'Record a metric event (hosted-service SDK path)'],
] as const;

export function recordEventRoutes(app: App, ctx: RecordEventDeps): void {
  for (const [path, summary] of PATHS) {
    app.post(
      path,
      {
        config: { access: 'app' },
        schema: {
          summary,
          tags: ['events'],
          params: metricKeyParams,
          body: eventBody,
          headers: { type: 'object', properties: { 'idempotency-key': { type: 'string' } } },
          response: { 201: eventAnswerSchema, 202: eventAnswerSchema, ...errors(404, 409, 422) },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const runtime = await ctx.engines.runtimeFor(caller.space);
        const metric = runtime.metricsByKey.get(request.params.key);
        if (metric === undefined)
          throw new HttpError(
            'UNKNOWN_METRIC',
            `no metric has the key ${JSON.stringify(request.params.key)}; create it in the dashboard or with POST /admin/v1/metrics`,
          );
        const { user, value, attributes } = request.body;
        const at = instantOf(request.body.at);
        if (typeof at === 'object') throw new HttpError('INVALID_INPUT', at.problem);
        const time = at === undefined ? undefined : { at, now: ctx.clock(), sender: 'app' as const };
        // A repeat of an idempotency key is answered as first recorded whatever the account's
        // configuration says now (S18): with a key, the engine runs the check for a new event only.
        const admit = (): void => admitEvent(runtime, metric, request.body, '', time);
        const idempotencyKey = idempotencyKeyOf(request);
        if (idempotencyKey === null) admit();
        const result = await runtime.engine.record({
          userId: user.id,
          metric: metric.key,
          value,
          ...(at === undefined ? {} : { at }),
          ...eventUserOf(user),
          attributes: attributes ?? null,
          idempotencyKey,
          ...(idempotencyKey === null ? {} : { admit }),
        });
        // S31: a deduction the user has not the points for refused the event, and nothing was stored
        if (result.refused !== undefined)
          throw new HttpError(
            'OUT_OF_POINTS',
            `the event would take the points of ${JSON.stringify(result.refused.system)} below zero (${result.refused.total} held, ${result.refused.points} asked); nothing was recorded`,
          );
        return reply.code(result.replayed ? 202 : 201).send(eventWire(result, runtime, metric.id, ctx.clock()));
      },
    );
  }
}
