/**
 * GET /v1/users/:id/points/:key: the user's total, level and most recent awards (`awards`, 1 to
 * 100, default 10) in one points system, its time triggers settled up to now without a write; and
 * /v1/users/:id/points/:key/boosts: the boosts active for the user (their own, and the global ones
 * their attributes match). 404 for a user never seen or a key no live system has.
 */
import type { UserPointsView } from '@kindling/core';
import type { Engines, AccountRuntime } from '../../engines/engines.js';
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

/** What the route takes of the server: the lower layers it calls. */
export interface UserPointsDeps {
  readonly engines: Engines;
  readonly clock: () => number;
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
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const now = ctx.clock();
      const { def, view } = await userPointsOf(runtime, request.params.id, request.params.key, now);
      return userPointsWire(view, def, runtime.config, now, request.query.awards ?? 10);
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
}
