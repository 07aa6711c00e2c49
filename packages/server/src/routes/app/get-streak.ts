/**
 * GET /v1/users/:id/streak?historyPeriods=N: the user's streak and its last N periods (S16).
 * The answer is kept (as bytes, and gzipped once a client asks for gzip) until the user's state,
 * the local day or the account's configuration changes: reading a user again before their next
 * event costs one version lookup, not a load of the state.
 */
import type { ReadStamp } from '@kindling/core';
import { callerOf } from '../../http/auth.js';
import { acceptsGzip, GZIP_MIN_BYTES, gzipBody } from '../../http/content-encoding.js';
import type { ServerContext } from '../../http/context.js';
import { errors, historyQuery, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import type { AccountRuntime } from '../../runtime/engines.js';
import { keptAnswer, type CachedAnswer } from '../../runtime/read-cache.js';
import { streakReadJson, streakReadSchema, type StreakReadWire } from '../../wire/streak-wire.js';

/**
 * Bytes already serialised in the shape of streakReadSchema (streak-wire.ts), sent as they are:
 * Fastify serialises no Buffer, nor a string sent as JSON.
 */
const prepared = (bytes: Buffer | string) => bytes as unknown as StreakReadWire;

/** An answer to send; kept when it has a stamp. */
type Answer = Omit<CachedAnswer, 'stamp'> & { stamp: ReadStamp | null };

/** A new answer, with the engine's stamp when the stored state can be trusted as it is (a known user under the current rules). */
async function newAnswer(runtime: AccountRuntime, userId: string, periods: number): Promise<Answer> {
  const { engine } = runtime;
  // Stamped before the read: if a write lands in between, the stamp is older than the answer and the next read makes a new one.
  const stamp = await engine.readStamp(userId);
  const read = await engine.streak(userId, { historyPeriods: periods });
  return { json: Buffer.from(streakReadJson(read, runtime.config.streak)), gzip: null, stamp };
}

export function getStreakRoute(app: App, ctx: ServerContext): void {
  app.get(
    '/v1/users/:id/streak',
    {
      config: { access: 'app' },
      schema: {
        summary: "Get a user's streak with its history",
        tags: ['streaks'],
        params: userParams,
        querystring: historyQuery,
        response: { 200: streakReadSchema, ...errors() },
      },
    },
    async (request, reply) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      void reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
      if (runtime.config.streak === null) return reply.send(prepared(streakReadJson(null, null)));
      const { id } = request.params;
      const periods = request.query.historyPeriods;
      const key = `${runtime.space.store}\u0000${runtime.config.version}\u0000${periods}\u0000${id}`;
      const kept = await keptAnswer(ctx.streakReads, runtime.engine, key, id);
      let answer: Answer = kept ?? (await newAnswer(runtime, id, periods));
      const gzip = answer.json.length >= GZIP_MIN_BYTES && acceptsGzip(request.headers['accept-encoding']);
      if (gzip && answer.gzip === null) answer = { ...answer, gzip: await gzipBody(answer.json) };
      const { stamp } = answer;
      if (answer !== kept && stamp !== null) ctx.streakReads.set(key, { ...answer, stamp });
      if (gzip && answer.gzip !== null) return reply.header('content-encoding', 'gzip').send(prepared(answer.gzip));
      return reply.send(prepared(answer.json));
    },
  );
}
