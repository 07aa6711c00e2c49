/**
 * POST /api/metrics/:key/event (the spec's path) and POST /v1/metrics/:key/event (the hosted
 * service's SDK path): record one event, answer everything it changed. 201, or 202 for a replay.
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { errors, eventBody, metricKeyParams } from '../../http/schemas.js';
import { eventWire } from '../../wire/event-wire.js';

interface EventRequest {
  Params: { key: string };
  Body: { user: { id: string; email?: string | null; tz?: string | null }; value: number };
}

function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return null;
  if (key.length === 0 || key.length > 255) throw new HttpError('INVALID_IDEMPOTENCY_KEY', 'the Idempotency-Key header must be 1 to 255 characters long');
  return key;
}

export function recordEventRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const options = {
    config: { access: 'app' as const },
    schema: {
      summary: 'Record a metric event',
      tags: ['events'],
      params: metricKeyParams,
      body: eventBody,
      headers: { type: 'object', properties: { 'idempotency-key': { type: 'string' } } },
      response: { ...errors(404, 409) },
    },
  };
  const handler = async (request: import('fastify').FastifyRequest<EventRequest>, reply: import('fastify').FastifyReply) => {
    const caller = callerOf(request);
    const runtime = await ctx.engines.runtimeFor(caller.accountId);
    const metric = runtime.metricsByKey.get(request.params.key);
    if (metric === undefined) throw new HttpError('UNKNOWN_METRIC', `no metric has the key ${JSON.stringify(request.params.key)}; create it in the dashboard or with POST /admin/v1/metrics`);
    if (metric.status === 'archived') throw new HttpError('METRIC_ARCHIVED', `the metric ${JSON.stringify(metric.key)} is archived and takes no events`);
    const { user, value } = request.body;
    const result = await runtime.engine.record({
      userId: user.id,
      metric: metric.key,
      value,
      tz: user.tz ?? null,
      email: user.email ?? null,
      idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
    });
    return reply.code(result.replayed ? 202 : 201).send(eventWire(result, runtime, metric.id));
  };
  app.post<EventRequest>('/api/metrics/:key/event', options, handler);
  app.post<EventRequest>('/v1/metrics/:key/event', { ...options, schema: { ...options.schema, summary: 'Record a metric event (hosted-service SDK path)' } }, handler);
}
