/**
 * GET /admin/v1/analytics/points/:systemId: what the dashboard charts of one live points system, in
 * one answer: how its users spread over its totals (the eleven ranges of GET /v1/points/:key/summary,
 * S37) and how many hold each level (GET /v1/points/:key/level-summary, S34; empty without levels),
 * both counted by the store's points index. 404 for an id no live system has.
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { levelSummaryEntrySchema, levelSummaryWire, pointsRangeSchema } from '../../wire/app-points-wire.js';
import { text } from '../../wire/primitives.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface PointsAnalyticsDeps {
  readonly engines: Engines;
}

const pointsAnalyticsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'levels'],
  properties: {
    summary: { type: 'array', items: pointsRangeSchema },
    levels: { type: 'array', items: levelSummaryEntrySchema, description: 'by ascending threshold' },
  },
} as const;

export function pointsAnalyticsRoute(app: App, ctx: PointsAnalyticsDeps): void {
  app.get(
    '/admin/v1/analytics/points/:systemId',
    {
      config: { access: 'admin' },
      schema: {
        summary: "A points system's spread of totals and its users per level",
        tags: [TAG],
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['systemId'],
          properties: { systemId: text },
        },
        response: { 200: pointsAnalyticsSchema, ...errors(404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const def = [...runtime.pointsByKey.values()].find((system) => system.id === request.params.systemId);
      if (def === undefined)
        throw new HttpError(
          'UNKNOWN_POINTS_SYSTEM',
          `no live points system has the id ${JSON.stringify(request.params.systemId)}`,
        );
      const [summary, levels] = await Promise.all([
        runtime.engine.pointsSummary(def.key),
        def.levels.length === 0 ? Promise.resolve([]) : runtime.engine.levelSummary(def.key),
      ]);
      return { summary, levels: levelSummaryWire(levels, def) };
    },
  );
}
