/**
 * GET /v1/users/:id/streak?historyPeriods=N: the user's streak and its last N periods (S16).
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors, historyQuery, userParams } from '../../http/schemas.js';
import { streakReadWire } from '../../wire/streak-wire.js';

export function getStreakRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { id: string }; Querystring: { historyPeriods: number } }>(
    '/v1/users/:id/streak',
    { config: { access: 'app' }, schema: { summary: "Get a user's streak with its history", tags: ['streaks'], params: userParams, querystring: historyQuery, response: errors() } },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).accountId);
      if (runtime.config.streak === null) return streakReadWire(null, null);
      const read = await runtime.engine.streak(request.params.id, { historyPeriods: request.query.historyPeriods });
      return streakReadWire(read, runtime.config.streak);
    },
  );
}
