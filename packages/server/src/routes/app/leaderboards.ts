/**
 * GET /v1/leaderboards (the boards users may see: active and scheduled, finished ones with
 * `includeFinished=true`) and GET /v1/leaderboards/:key (one board's run-group as ranked now: the
 * run under way or the one holding `run`, the group of `userAttributes`, ranks from `offset + 1`,
 * or around `userId`): what an app shows of its leaderboards. An inactive board is seen by no one:
 * 404 as for a key no board has.
 */
import { runClosesAt } from '@kindling/core';
import { callerOf } from '../../access/auth.js';
import type { AccountRuntime, Engines } from '../../engines/engines.js';
import { HttpError } from '../../errors/errors.js';
import { errors, metricKeyParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { shownStatus } from '../../wire/admin-leaderboard-wire.js';
import {
  leaderboardListSchema,
  leaderboardRankingsSchema,
  leaderboardRankingsWire,
  leaderboardListWire,
} from '../../wire/leaderboard-wire.js';
import { parseAttributePairs } from './attribute-pairs.js';

/** What the routes take of the server: the lower layers they call. */
export interface LeaderboardsDeps {
  readonly engines: Engines;
  readonly clock: () => number;
}

function visibleBoard(runtime: AccountRuntime, key: string, now: number) {
  const def = runtime.leaderboardsByKey.get(key);
  if (def === undefined || shownStatus(def, runtime.config, now) === 'inactive')
    throw new HttpError('UNKNOWN_LEADERBOARD', `no leaderboard has the key ${JSON.stringify(key)}`);
  return def;
}

export function leaderboardsRoutes(app: App, ctx: LeaderboardsDeps): void {
  app.get(
    '/v1/leaderboards',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: 'List the leaderboards users may see',
        tags: ['leaderboards'],
        querystring: {
          type: 'object',
          properties: {
            includeFinished: { type: 'boolean', default: false, description: 'finished leaderboards too' },
          },
        },
        response: { 200: leaderboardListSchema, ...errors(422) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      return leaderboardListWire(runtime.config, ctx.clock(), request.query.includeFinished === true);
    },
  );

  app.get(
    '/v1/leaderboards/:key',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a leaderboard's rankings",
        tags: ['leaderboards'],
        params: metricKeyParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            offset: {
              type: 'integer',
              minimum: -1000,
              maximum: 1_000_000_000,
              default: 0,
              description:
                'ranks skipped; with userId from that user’s rank, and may be negative (around a user, clamped at rank 1)',
            },
            limit: { type: 'integer', minimum: 0, maximum: 1000, default: 10 },
            run: { type: 'string', maxLength: 32, description: 'a date inside the run asked for (YYYY-MM-DD)' },
            userId: { type: 'string', minLength: 1, maxLength: 255 },
            userAttributes: {
              type: 'string',
              maxLength: 4000,
              description: 'attr:value,…: the breakdown group, every breakdown attribute once',
            },
          },
        },
        response: { 200: leaderboardRankingsSchema, ...errors(404, 422) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const now = ctx.clock();
      const def = visibleBoard(runtime, request.params.key, now);
      const { offset, limit, run, userId, userAttributes } = request.query;
      if (offset < 0 && userId === undefined)
        throw new HttpError('INVALID_INPUT', 'offset may be negative only with userId (around a user)');
      const pairs = userAttributes === undefined ? [] : [...parseAttributePairs(userAttributes)];
      const page = await runtime.engine.leaderboard(def.key, {
        offset,
        limit,
        userAttributes: pairs,
        ...(run !== undefined ? { run } : {}),
        ...(userId !== undefined ? { userId } : {}),
        at: now,
      });
      return leaderboardRankingsWire(
        def,
        runtime.config,
        page,
        shownStatus(def, runtime.config, now),
        page.run.end === null ? null : runClosesAt(page.run.end),
      );
    },
  );
}
