/**
 * GET /v1/users/:id/streak?historyPeriods=N: the user's streak and its last N periods (S16).
 * The answer is kept (as bytes, and gzipped once a client asks for gzip) until the user's state,
 * the local day or the account's configuration changes: reading a user again before their next
 * event costs one version lookup, not a load of the state.
 */
import type { Engines } from '../../engines/engines.js';
import type { ReadCache } from '../../engines/read-cache.js';
import type { ReadStamp } from '@kindling/core';
import type { FastifyReply } from 'fastify';
import { callerOf } from '../../access/auth.js';
import { acceptsGzip, GZIP_MIN_BYTES, gzipBody } from '../../http/content-encoding.js';
import { errors, historyQuery, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import type { AccountRuntime } from '../../engines/engines.js';
import {
  keptAfterCheck,
  keptAnswerSync,
  shelfNamer,
  type CachedAnswer,
  type SpotCheck,
} from '../../engines/read-cache.js';
import { streakReadJson, streakReadSchema, type StreakReadWire } from '../../wire/streak-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetStreakDeps {
  readonly engines: Engines;
  readonly streakReads: ReadCache;
}

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

/** The shelf the answers are kept on, by user: the namespace, the account's configuration version and the history asked. */
const shelfOf = shelfNamer(
  (runtime: AccountRuntime, periods: number) => `${runtime.space.store}\u0000${runtime.config.version}\u0000${periods}`,
);

/** Whether to send `answer` gzipped: the client takes gzip and the answer is worth it. */
const gzipFor = (answer: { json: Buffer }, acceptEncoding: string | undefined) =>
  answer.json.length >= GZIP_MIN_BYTES && acceptsGzip(acceptEncoding);

export function getStreakRoute(app: App, ctx: GetStreakDeps): void {
  app.get(
    '/v1/users/:id/streak',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's streak with its history",
        tags: ['streaks'],
        params: userParams,
        querystring: historyQuery,
        response: { 200: streakReadSchema, ...errors(422) },
      },
    },
    (request, reply) => {
      void reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
      const { id } = request.params;
      const periods = request.query.historyPeriods;
      const acceptEncoding = request.headers['accept-encoding'];
      // The common read, answered within this turn (no promise): a cached runtime, a kept answer the
      // store confirms current on the spot, and its gzip form made already if it is to be sent.
      const { space, at: now } = callerOf(request);
      const runtime = ctx.engines.peekRuntime(space, now);
      let checked: SpotCheck;
      if (runtime !== undefined && runtime.config.streak !== null) {
        checked = keptAnswerSync(ctx.streakReads, runtime.engine, shelfOf(runtime, periods), id, now);
        const gzip = checked ? gzipFor(checked, acceptEncoding) : false;
        if (checked && (!gzip || checked.gzip !== null)) {
          send(reply, checked, gzip);
          return;
        }
      }
      return answerRead(ctx, runtime, checked, id, periods, acceptEncoding, reply);
    },
  );
}

/** Sends the answer's bytes, gzipped when `gzip` and its gzip form is made. */
function send(reply: FastifyReply, answer: Omit<Answer, 'stamp'>, gzip: boolean) {
  if (gzip && answer.gzip !== null) return reply.header('content-encoding', 'gzip').send(prepared(answer.gzip));
  return reply.send(prepared(answer.json));
}

/** The read in full: the runtime, the kept answer if the store says it is current, else a new answer (kept when stamped). */
async function answerRead(
  ctx: GetStreakDeps,
  cached: AccountRuntime | undefined,
  checked: SpotCheck,
  id: string,
  periods: number,
  acceptEncoding: string | undefined,
  reply: FastifyReply,
) {
  const runtime = cached ?? (await ctx.engines.runtimeFor(callerOf(reply.request).space));
  if (runtime.config.streak === null) return reply.send(prepared(streakReadJson(null, null)));
  const shelf = shelfOf(runtime, periods);
  const kept = await keptAfterCheck(ctx.streakReads, runtime.engine, shelf, id, callerOf(reply.request).at, checked);
  let answer: Answer = kept ?? (await newAnswer(runtime, id, periods));
  const gzip = gzipFor(answer, acceptEncoding);
  if (gzip && answer.gzip === null) answer = { ...answer, gzip: await gzipBody(answer.json) };
  const { stamp } = answer;
  if (answer !== kept && stamp !== null) ctx.streakReads.set(shelf, id, { ...answer, stamp });
  return send(reply, answer, gzip);
}
