/**
 * GET /v1/users/:id/streak?historyPeriods=N: the user's streak and its last N periods (S16).
 * The answer is kept (as bytes) until the user's state, the local day or the account's
 * configuration changes, so reading a user again before their next event costs one state load.
 */
import { placeInstant, zoneOf } from '@kindling/core';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors, historyQuery, userParams } from '../../http/schemas.js';
import type { AccountRuntime } from '../../runtime/engines.js';
import { streakReadJson } from '../../wire/streak-wire.js';

/** The key of a cached answer, or null when the stored state cannot be trusted as it is (unknown user, other rules). */
async function cacheKey(ctx: ServerContext, runtime: AccountRuntime, userId: string, periods: number): Promise<string | null> {
  const { engine } = runtime;
  const rule = engine.rules[0];
  const user = await engine.store.load(userId);
  if (rule === undefined || user === null || user.rulesFingerprint !== engine.rulesFingerprint) return null;
  const day = placeInstant(ctx.clock(), zoneOf(user.tz ?? rule.defaultTimeZone), rule.dayStartMs);
  return `${runtime.accountId}\u0000${runtime.config.version}\u0000${user.version}\u0000${day}\u0000${periods}\u0000${userId}`;
}

export function getStreakRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Params: { id: string }; Querystring: { historyPeriods: number } }>(
    '/v1/users/:id/streak',
    { config: { access: 'app' }, schema: { summary: "Get a user's streak with its history", tags: ['streaks'], params: userParams, querystring: historyQuery, response: errors() } },
    async (request, reply) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).accountId);
      void reply.type('application/json; charset=utf-8');
      if (runtime.config.streak === null) return reply.send(streakReadJson(null, null));
      const { id } = request.params;
      const periods = request.query.historyPeriods;
      const key = await cacheKey(ctx, runtime, id, periods);
      const cached = key === null ? undefined : ctx.streakReads.get(key);
      if (cached !== undefined) return reply.send(cached);
      const read = await runtime.engine.streak(id, { historyPeriods: periods });
      const body = Buffer.from(streakReadJson(read, runtime.config.streak));
      if (key !== null) ctx.streakReads.set(key, body);
      return reply.send(body);
    },
  );
}
