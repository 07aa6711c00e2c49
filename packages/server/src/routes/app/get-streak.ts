/**
 * GET /v1/users/:id/streak?historyPeriods=N: the user's streak and its last N periods (S16).
 * The answer is kept (as bytes, and gzipped once a client asks for gzip) until the user's state,
 * the local day or the account's configuration changes: reading a user again before their next
 * event costs one version lookup, not a load of the state.
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

/** The answer kept for this read, if it is still what a new read would give. */
async function keptAnswer(ctx: ServerContext, runtime: AccountRuntime, key: string, userId: string): Promise<CachedAnswer | undefined> {
  const kept = ctx.streakReads.get(key);
  if (kept === undefined) return undefined;
  const rule = runtime.engine.rules[0];
  if (rule === undefined || (await runtime.engine.store.version(userId)) !== kept.version) return undefined;
  return placeInstant(ctx.clock(), zoneOf(kept.zone), rule.dayStartMs) === kept.day ? kept : undefined;
}

/** A new answer, stamped for the cache when the stored state can be trusted as it is (a known user under the current rules). */
async function newAnswer(ctx: ServerContext, runtime: AccountRuntime, userId: string, periods: number): Promise<{ answer: CachedAnswer; cacheable: boolean }> {
  const { engine } = runtime;
  const rule = engine.rules[0];
  // Loaded before the read: if a write lands in between, the stamp is older than the answer and the next read makes a new one.
  const user = await engine.store.load(userId);
  const read = await engine.streak(userId, { historyPeriods: periods });
  const json = Buffer.from(streakReadJson(read, runtime.config.streak));
  if (rule === undefined || user === null || user.rulesFingerprint !== engine.rulesFingerprint) return { answer: { json, gzip: null, version: 0, zone: '', day: 0 }, cacheable: false };
  const zone = user.tz ?? rule.defaultTimeZone;
  return { answer: { json, gzip: null, version: user.version, zone, day: placeInstant(ctx.clock(), zoneOf(zone), rule.dayStartMs) }, cacheable: true };
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
      const key = `${runtime.accountId}\u0000${runtime.config.version}\u0000${periods}\u0000${id}`;
      let answer = await keptAnswer(ctx, runtime, key, id);
      let cacheable = answer !== undefined;
      let changed = false;
      if (answer === undefined) {
        ({ answer, cacheable } = await newAnswer(ctx, runtime, id, periods));
        changed = true;
      }
      const gzip = answer.json.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding']);
      if (gzip && answer.gzip === null) {
        answer = { ...answer, gzip: await gzipBody(answer.json) };
        changed = true;
      }
      if (changed && cacheable) ctx.streakReads.set(key, answer);
      if (gzip && answer.gzip !== null) return reply.header('content-encoding', 'gzip').send(answer.gzip);
      return reply.send(answer.json);
    },
  );
}
