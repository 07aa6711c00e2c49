/**
 * GET /v1/users/:id/metrics and /v1/users/:id/metrics/:key: the user's total of each active metric
 * (or of one metric), with the metric's achievements and the user's progress towards each; and
 * /v1/users/:id/metrics/:key/event-summary: the metric per local day, week or month of the user.
 */
import type { Engines } from '../../engines/engines.js';
import type { ReadCache } from '../../engines/read-cache.js';
import type { FastifyReply } from 'fastify';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import type { AccountRuntime } from '../../engines/engines.js';
import { keptAfterCheck, keptAnswerSync, type SpotCheck } from '../../engines/read-cache.js';
import { text } from '../../wire/primitives.js';
import { summarySchema, userMetricSchema, userMetricWire } from '../../wire/metric-wire.js';
import { checkSummaryDates, summaryQuery } from './summary-query.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UserMetricsDeps {
  readonly engines: Engines;
  readonly streakReads: ReadCache;
}

const metricParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key'],
  properties: { id: userParams.properties.id, key: text },
} as const;

/** The user's totals and completed achievements, or UNKNOWN_USER. */
async function userFacts(runtime: AccountRuntime, userId: string) {
  const user = await runtime.engine.user(userId);
  if (user === null) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(userId)}`);
  return { totals: user.totals, achievedAt: new Map(user.achievements.map((a) => [a.key, a.achievedAt])) };
}

export function userMetricsRoutes(app: App, ctx: UserMetricsDeps): void {
  app.get(
    '/v1/users/:id/metrics',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's total of every active metric, with each metric's achievements",
        tags: ['users'],
        params: userParams,
        response: { 200: { type: 'array', items: userMetricSchema }, ...errors(422, 404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const { totals, achievedAt } = await userFacts(runtime, request.params.id);
      const { metrics, achievements } = runtime.config;
      return metrics
        .filter((metric) => metric.status === 'active')
        .map((metric) => userMetricWire(metric, totals, achievedAt, achievements, runtime));
    },
  );

  app.get(
    '/v1/users/:id/metrics/:key',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's total of one metric, with the metric's achievements",
        tags: ['users'],
        params: metricParams,
        response: { 200: userMetricSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const metric = runtime.metricsByKey.get(request.params.key);
      if (metric === undefined)
        throw new HttpError('UNKNOWN_METRIC', `no metric has the key ${JSON.stringify(request.params.key)}`);
      const { totals, achievedAt } = await userFacts(runtime, request.params.id);
      return userMetricWire(metric, totals, achievedAt, runtime.config.achievements, runtime);
    },
  );

  app.get(
    '/v1/users/:id/metrics/:key/event-summary',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's metric per local day, week or month: what each added, and the total at its end",
        tags: ['users'],
        params: metricParams,
        querystring: summaryQuery,
        response: { 200: { type: 'array', items: summarySchema }, ...errors(422, 404) },
      },
    },
    (request, reply) => {
      const { aggregation, startDate, endDate } = request.query;
      checkSummaryDates(startDate, endDate);
      const { id, key: metric } = request.params;
      const asked: SummaryAsked = { id, metric, aggregation, from: startDate, to: endDate };
      void reply.type('application/json; charset=utf-8');
      // A kept answer the store confirms current on the spot is sent within this turn, as streak reads are.
      const { space, at: now } = callerOf(request);
      const cached = ctx.engines.peekRuntime(space, now);
      const current = cached && keptAnswerSync(ctx.streakReads, cached.engine, summaryShelf(cached, asked), id, now);
      if (current) {
        reply.send(current.json as unknown as []);
        return;
      }
      return answerSummary(ctx, cached, current, asked, reply);
    },
  );
}

/** What an event-summary read asks for. */
interface SummaryAsked {
  id: string;
  metric: string;
  aggregation: 'daily' | 'weekly' | 'monthly';
  from: string;
  to: string;
}

/** The shelf summaries are kept on as bytes, by user, until the user's state (or local day, or the configuration) changes, as streak reads are. */
const summaryShelf = (runtime: AccountRuntime, { metric, aggregation, from, to }: SummaryAsked) =>
  `summary\u0000${runtime.space.store}\u0000${runtime.config.version}\u0000${metric}\u0000${aggregation}\u0000${from}\u0000${to}`;

/** The summary in full: the runtime, the kept answer if the store says it is current, else a new one (kept when stamped). */
async function answerSummary(
  ctx: UserMetricsDeps,
  cached: AccountRuntime | undefined,
  checked: SpotCheck,
  asked: SummaryAsked,
  reply: FastifyReply,
) {
  const runtime = cached ?? (await ctx.engines.runtimeFor(callerOf(reply.request).space));
  const shelf = summaryShelf(runtime, asked);
  const kept = await keptAfterCheck(
    ctx.streakReads,
    runtime.engine,
    shelf,
    asked.id,
    callerOf(reply.request).at,
    checked,
  );
  if (kept !== undefined) return reply.send(kept.json as unknown as []);
  // Stamped before the read: a write in between leaves the stamp older than the answer.
  const stamp = await runtime.engine.readStamp(asked.id);
  const { aggregation, from, to } = asked;
  const summary = await runtime.engine.eventSummary(asked.id, asked.metric, { aggregation, from, to });
  const json = Buffer.from(JSON.stringify(summary.map(({ date, total, change }) => ({ date, total, change }))));
  if (stamp !== null) ctx.streakReads.set(shelf, asked.id, { json, gzip: null, stamp });
  return reply.send(json as unknown as []);
}
