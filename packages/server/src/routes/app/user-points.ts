/**
 * GET /v1/users/:id/points/:key: the user's total, level and most recent awards (`awards`, 1 to
 * 100, default 10) in one points system, its time triggers settled up to now without a write; and
 * /v1/users/:id/points/:key/boosts: the boosts active for the user (their own, and the global ones
 * their attributes match); and /v1/users/:id/points/:key/event-summary: the user's points per local
 * day, week or month, what each changed and the total at its end. 404 for a user never seen or a
 * key no live system has.
 *
 * A user's points answer is kept as bytes, as streak reads are, until the user's state, the local
 * day or the configuration changes, or the instant the engine says the view holds until (a time
 * trigger's next boundary, a boost's next change of status) comes: a read again before then costs
 * one version lookup, not a load of the state.
 */
import type { UserPointsView } from '@kindling/core';
import type { FastifyReply } from 'fastify';
import type { Engines, AccountRuntime } from '../../engines/engines.js';
import {
  keptAfterCheck,
  keptAnswerSync,
  shelfNamer,
  type ReadCache,
  type SpotCheck,
} from '../../engines/read-cache.js';
import type { PointsSystemDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import {
  appPointsBoostSchema,
  appPointsBoostWire,
  userPointsSchema,
  userPointsWire,
} from '../../wire/app-points-wire.js';
import { text } from '../../wire/primitives.js';
import { summarySchema } from '../../wire/metric-wire.js';
import { checkSummaryDates, summaryQuery } from './summary-query.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UserPointsDeps {
  readonly engines: Engines;
  readonly clock: () => number;
  readonly streakReads: ReadCache;
}

const pointsParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'key'],
  properties: { id: userParams.properties.id, key: text },
} as const;

/** The live system of `key` and the user's points in it at `at`, or the 404 that says which is missing. */
async function userPointsOf(
  runtime: AccountRuntime,
  userId: string,
  key: string,
  at: number,
): Promise<{ def: PointsSystemDef; view: UserPointsView }> {
  const def = runtime.pointsByKey.get(key);
  if (def === undefined)
    throw new HttpError('UNKNOWN_POINTS_SYSTEM', `no points system has the key ${JSON.stringify(key)}`);
  const view = await runtime.engine.points(userId, key, { at });
  if (view === null) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(userId)}`);
  return { def, view };
}

/** Bytes already serialised in the shape of userPointsSchema, sent as they are (Fastify serialises no Buffer). */
const prepared = (bytes: Buffer) => bytes as unknown as ReturnType<typeof userPointsWire>;

/**
 * The shelf a user's points answers are kept on, by user: the namespace, the configuration version,
 * the system and the awards asked. Named only for a key of a live system, so asking for other keys
 * makes no shelves.
 */
const shelfOf = shelfNamer(
  (runtime: AccountRuntime, question: string) =>
    `points\u0000${runtime.space.store}\u0000${runtime.config.version}\u0000${question}`,
);
const questionOf = (key: string, awards: number) => `${awards}\u0000${key}`;

/** What a user's points read asks. */
interface PointsAsked {
  readonly id: string;
  readonly key: string;
  readonly awards: number;
  readonly now: number;
}

/** The read in full: the runtime, the kept answer if the store says it is current, else a new one (kept when stamped). */
async function answerPoints(
  ctx: UserPointsDeps,
  cached: AccountRuntime | undefined,
  checked: SpotCheck,
  { id, key, awards, now }: PointsAsked,
  reply: FastifyReply,
) {
  const runtime = cached ?? (await ctx.engines.runtimeFor(callerOf(reply.request).space));
  const live = runtime.pointsByKey.has(key);
  const shelf = live ? shelfOf(runtime, questionOf(key, awards)) : null;
  if (shelf !== null) {
    const kept = await keptAfterCheck(ctx.streakReads, runtime.engine, shelf, id, now, checked);
    if (kept !== undefined) return reply.send(prepared(kept.json));
  }
  // Stamped before the read: a write in between leaves the stamp older than the answer.
  const stamp = shelf === null ? null : await runtime.engine.readStamp(id, { at: now });
  const { def, view } = await userPointsOf(runtime, id, key, now);
  const json = Buffer.from(JSON.stringify(userPointsWire(view, def, runtime.config, now, awards)));
  if (shelf !== null && stamp !== null) ctx.streakReads.set(shelf, id, { json, gzip: null, stamp, until: view.until });
  return reply.send(prepared(json));
}

export function userPointsRoutes(app: App, ctx: UserPointsDeps): void {
  app.get(
    '/v1/users/:id/points/:key',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's total, level and most recent awards in one points system",
        tags: ['points'],
        params: pointsParams,
        querystring: {
          type: 'object',
          properties: {
            awards: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'how many recent awards' },
          },
        },
        response: { 200: userPointsSchema, ...errors(404, 422) },
      },
    },
    (request, reply) => {
      void reply.type('application/json; charset=utf-8');
      const { id, key } = request.params;
      const awards = request.query.awards ?? 10;
      // A kept answer the store confirms current on the spot is sent within this turn, as streak reads are.
      const now = ctx.clock();
      const cached = ctx.engines.peekRuntime(callerOf(request).space, now);
      let checked: SpotCheck;
      if (cached?.pointsByKey.has(key)) {
        checked = keptAnswerSync(ctx.streakReads, cached.engine, shelfOf(cached, questionOf(key, awards)), id, now);
        if (checked) {
          reply.send(prepared(checked.json));
          return;
        }
      }
      return answerPoints(ctx, cached, checked, { id, key, awards, now }, reply);
    },
  );

  app.get(
    '/v1/users/:id/points/:key/boosts',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: 'Get the boosts active for a user in one points system: their own and the global ones for them',
        tags: ['points'],
        params: pointsParams,
        response: { 200: { type: 'array', items: appPointsBoostSchema }, ...errors(404, 422) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const now = ctx.clock();
      const { def, view } = await userPointsOf(runtime, request.params.id, request.params.key, now);
      const active = new Set(view.boosts);
      return def.boosts.filter((boost) => active.has(boost.id)).map((boost) => appPointsBoostWire(boost, now));
    },
  );

  app.get(
    '/v1/users/:id/points/:key/event-summary',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's points per local day, week or month: what each changed, and the total at its end",
        tags: ['points'],
        params: pointsParams,
        querystring: summaryQuery,
        response: { 200: { type: 'array', items: summarySchema }, ...errors(404, 422) },
      },
    },
    async (request) => {
      const { aggregation, startDate, endDate } = request.query;
      checkSummaryDates(startDate, endDate);
      const { id, key } = request.params;
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      if (!runtime.pointsByKey.has(key))
        throw new HttpError('UNKNOWN_POINTS_SYSTEM', `no points system has the key ${JSON.stringify(key)}`);
      const range = { aggregation, from: startDate, to: endDate, at: ctx.clock() };
      const summary = await runtime.engine.pointsEventSummary(id, key, range);
      return summary.map(({ date, total, change }) => ({ date, total, change }));
    },
  );
}
