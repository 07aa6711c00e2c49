/**
 * GET /v1/users/:id/streak?historyPeriods=N: the user's streak and its last N periods (S16).
 * The answer is kept (as bytes, and gzipped once a client asks for gzip) until the user's state,
 * the local day or the account's configuration changes, so reading a user again before their next
 * event costs one state load.
 */
import { placeInstant, zoneOf } from '@kindling/core';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import { acceptsGzip, GZIP_MIN_BYTES, gzipBody } from '../../http/content-encoding.js';
import type { ServerContext } from '../../http/context.js';
import { errors, historyQuery, userParams } from '../../http/schemas.js';
import type { AccountRuntime } from '../../runtime/engines.js';
import type { CachedAnswer } from '../../runtime/read-cache.js';
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
      void reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
      if (runtime.config.streak === null) return reply.send(streakReadJson(null, null));
      const { id } = request.params;
      const periods = request.query.historyPeriods;
      const key = await cacheKey(ctx, runtime, id, periods);
      let answer: CachedAnswer | undefined = key === null ? undefined : ctx.streakReads.get(key);
      let changed = false;
      if (answer === undefined) {
        const read = await runtime.engine.streak(id, { historyPeriods: periods });
        answer = { json: Buffer.from(streakReadJson(read, runtime.config.streak)), gzip: null };
        changed = true;
      }
      const gzip = answer.json.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding']);
      if (gzip && answer.gzip === null) {
        answer = { json: answer.json, gzip: await gzipBody(answer.json) };
        changed = true;
      }
      if (changed && key !== null) ctx.streakReads.set(key, answer);
      if (gzip && answer.gzip !== null) return reply.header('content-encoding', 'gzip').send(answer.gzip);
      return reply.send(answer.json);
    },
  );
}
