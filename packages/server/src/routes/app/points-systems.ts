/**
 * GET /v1/points/:key (the system and its active triggers), /v1/points/:key/boosts (its global
 * boosts, finished ones with `includeFinished=true`) and /v1/points/:key/levels (by ascending
 * threshold): what an app shows of a points system. 404 for a key no live system has.
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, metricKeyParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import type { AccountRuntime } from '../../engines/engines.js';
import {
  appPointsBoostSchema,
  appPointsBoostWire,
  appPointsLevelSchema,
  appPointsLevelWire,
  pointsSystemAppSchema,
  pointsSystemAppWire,
} from '../../wire/app-points-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface PointsSystemsDeps {
  readonly engines: Engines;
  readonly clock: () => number;
}

function systemOf(runtime: AccountRuntime, key: string) {
  const def = runtime.pointsByKey.get(key);
  if (def === undefined)
    throw new HttpError('UNKNOWN_POINTS_SYSTEM', `no points system has the key ${JSON.stringify(key)}`);
  return def;
}

export function pointsSystemsRoutes(app: App, ctx: PointsSystemsDeps): void {
  app.get(
    '/v1/points/:key',
    {
      config: { access: 'app' },
      schema: {
        summary: 'Get a points system and its active triggers',
        tags: ['points'],
        params: metricKeyParams,
        response: { 200: pointsSystemAppSchema, ...errors(404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      return pointsSystemAppWire(systemOf(runtime, request.params.key), runtime.config);
    },
  );

  app.get(
    '/v1/points/:key/boosts',
    {
      config: { access: 'app' },
      schema: {
        summary: "Get a points system's global boosts",
        tags: ['points'],
        params: metricKeyParams,
        querystring: {
          type: 'object',
          properties: { includeFinished: { type: 'boolean', default: false, description: 'finished boosts too' } },
        },
        response: { 200: { type: 'array', items: appPointsBoostSchema }, ...errors(404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const now = ctx.clock();
      const boosts = systemOf(runtime, request.params.key)
        .boosts.filter((boost) => boost.userId === null)
        .map((boost) => appPointsBoostWire(boost, now));
      return request.query.includeFinished === true ? boosts : boosts.filter((boost) => boost.status !== 'finished');
    },
  );

  app.get(
    '/v1/points/:key/levels',
    {
      config: { access: 'app' },
      schema: {
        summary: "Get a points system's levels, by ascending threshold",
        tags: ['points'],
        params: metricKeyParams,
        response: { 200: { type: 'array', items: appPointsLevelSchema }, ...errors(404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      return [...systemOf(runtime, request.params.key).levels]
        .sort((a, b) => a.points - b.points || a.created.localeCompare(b.created))
        .map(appPointsLevelWire);
    },
  );
}
