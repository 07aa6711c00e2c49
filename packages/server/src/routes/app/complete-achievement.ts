/**
 * POST /v1/achievements/:key/complete: complete an API-triggered achievement for a user (S22).
 * 201 with the completion; completing it again answers the first completion.
 */
import { randomUUID } from 'node:crypto';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { errors, upsertedUser } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { userAchievementSchema, userAchievementWire } from '../../wire/achievement-wire.js';

/** The completion: its id, the achievement with the instant it was completed, no points. */
const completionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['completionId', 'achievement', 'points'],
  properties: {
    completionId: { type: 'string' },
    achievement: userAchievementSchema,
    points: { type: 'object', additionalProperties: true },
  },
} as const;

export function completeAchievementRoute(app: App, ctx: ServerContext): void {
  app.post(
    '/v1/achievements/:key/complete',
    {
      config: { access: 'app' },
      schema: {
        summary: 'Complete an API achievement for a user',
        tags: ['achievements'],
        params: {
          type: 'object',
          required: ['key'],
          properties: { key: { type: 'string', minLength: 1, maxLength: 255 } },
        },
        body: { type: 'object', required: ['user'], properties: { user: upsertedUser } },
        response: { 201: completionSchema, ...errors(404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const runtime = await ctx.engines.runtimeFor(caller.space);
      const def = runtime.achievementsByKey.get(request.params.key);
      if (def === undefined || def.status !== 'active') {
        throw new HttpError(
          'UNKNOWN_ACHIEVEMENT',
          `no active achievement has the key ${JSON.stringify(request.params.key)}`,
        );
      }
      if (def.trigger !== 'api') {
        throw new HttpError(
          'ACHIEVEMENT_NOT_API',
          `the achievement ${JSON.stringify(def.key)} completes by its ${def.trigger} trigger, not by this call`,
        );
      }
      const outcome = await runtime.engine.completeAchievement(request.body.user.id, def.key);
      return reply.code(201).send({
        completionId: randomUUID(),
        achievement: userAchievementWire(def, runtime.metricsByKey, outcome.achievement.achievedAt),
        points: {},
      });
    },
  );
}
