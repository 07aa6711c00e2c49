/**
 * GET /v1/points/:key/summary (S37: eleven ranges of the users' totals, `0–0` first; with
 * `userAttributes=k:v[,k:v]` only users holding every pair) and /v1/points/:key/level-summary (S34:
 * each level by ascending threshold and how many users hold it; 422 when the system has no levels).
 * The counts come from the store's points index through the namespace's engine; a filtered summary
 * reads the users one by one, refused with 422 past the engine's bound. 404 for a key no live system has.
 */
import type { Engines, AccountRuntime } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, metricKeyParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { levelSummaryEntrySchema, levelSummaryWire, pointsRangeSchema } from '../../wire/app-points-wire.js';
import { parseAttributePairs } from './attribute-pairs.js';

/** What the routes take of the server: the lower layers they call. */
export interface PointsSummariesDeps {
  readonly engines: Engines;
}

function systemOf(runtime: AccountRuntime, key: string) {
  const def = runtime.pointsByKey.get(key);
  if (def === undefined)
    throw new HttpError('UNKNOWN_POINTS_SYSTEM', `no points system has the key ${JSON.stringify(key)}`);
  return def;
}

export function pointsSummariesRoutes(app: App, ctx: PointsSummariesDeps): void {
  app.get(
    '/v1/points/:key/summary',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get how a points system's users spread over its totals, in eleven ranges",
        tags: ['points'],
        params: metricKeyParams,
        querystring: {
          type: 'object',
          properties: {
            userAttributes: {
              type: 'string',
              maxLength: 4000,
              description: 'attr:value,attr:value: only users holding every pair (a scan of the users, at most 10,000)',
            },
          },
        },
        response: { 200: { type: 'array', items: pointsRangeSchema }, ...errors(404, 422) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const def = systemOf(runtime, request.params.key);
      const given = request.query.userAttributes;
      const pairs = given === undefined ? null : parseAttributePairs(given);
      return runtime.engine.pointsSummary(
        def.key,
        pairs === null || pairs.size === 0 ? {} : { userAttributes: Object.fromEntries(pairs) },
      );
    },
  );

  app.get(
    '/v1/points/:key/level-summary',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: 'Get how many users hold each level of a points system',
        tags: ['points'],
        params: metricKeyParams,
        response: { 200: { type: 'array', items: levelSummaryEntrySchema }, ...errors(404, 422) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const def = systemOf(runtime, request.params.key);
      if (def.levels.length === 0) throw new HttpError('INVALID_INPUT', 'No levels configured on the points system');
      return levelSummaryWire(await runtime.engine.levelSummary(def.key), def);
    },
  );
}
