/**
 * GET /v1/streaks?userIds=a,b (or userIds=a&userIds=b): the streaks of up to 100 users, longest
 * first, for friend and group views.
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListStreaksDeps {
  readonly engines: Engines;
}

/** One user's streak in a list: its length and the instant of its last extension (null when not active). */
const streakLengthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['userId', 'streakLength', 'extended'],
  properties: { userId: { type: 'string' }, streakLength: { type: 'number' }, extended: { type: ['string', 'null'] } },
} as const;

export function listStreaksRoute(app: App, ctx: ListStreaksDeps): void {
  app.get(
    '/v1/streaks',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: 'Get the streaks of several users',
        tags: ['streaks'],
        querystring: {
          type: 'object',
          required: ['userIds'],
          properties: {
            userIds: { type: 'array', items: { type: 'string', maxLength: 25_600 }, minItems: 1, maxItems: 100 },
          },
        },
        response: { 200: { type: 'array', items: streakLengthSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const ids = [
        ...new Set(
          request.query.userIds
            .flatMap((part) => part.split(','))
            .map((id) => id.trim())
            .filter((id) => id !== ''),
        ),
      ];
      if (ids.length === 0 || ids.length > 100)
        throw new HttpError('INVALID_INPUT', `userIds must name 1 to 100 users, got ${ids.length}`);
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const rule = runtime.config.streak;
      const rows = await Promise.all(
        ids.map(async (userId) => {
          if (rule === null) return { userId, streakLength: 0, extended: null };
          const read = await runtime.engine.streak(userId, { historyPeriods: 1 });
          return { userId, streakLength: read.length, extended: read.extendedAt };
        }),
      );
      return rows.sort((a, b) => b.streakLength - a.streakLength);
    },
  );
}
