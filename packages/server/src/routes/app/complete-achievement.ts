/**
 * POST /v1/achievements/:key/complete: complete an API-triggered achievement for a user (S22).
 * 201 with the completion; completing it again answers the first completion. An inactive one is
 * unknown (404); a locked one completes for no one new (409 ACHIEVEMENT_LOCKED).
 */
import type { Engines } from '../../engines/engines.js';
import { deterministicId } from '@kindling/core';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { ConflictError, InvalidRequestError } from '../../errors/service-errors.js';
import { errors, upsertedUser } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { checkAttributes } from '../../engines/attributes.js';
import { userAchievementSchema, userAchievementWire } from '../../wire/achievement-wire.js';
import { profileInputOf } from '../../wire/user-wire.js';
import { eventPointsMapSchema, eventPointsWire } from '../../wire/app-points-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CompleteAchievementDeps {
  readonly engines: Engines;
  readonly clock: () => number;
}

/** The completion: its id, the achievement with the instant it was completed, the points systems it moved. */
const completionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['completionId', 'achievement', 'points'],
  properties: {
    completionId: { type: 'string' },
    achievement: userAchievementSchema,
    points: eventPointsMapSchema,
  },
} as const;

export function completeAchievementRoute(app: App, ctx: CompleteAchievementDeps): void {
  app.post(
    '/v1/achievements/:key/complete',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: 'Complete an API achievement for a user',
        tags: ['achievements'],
        params: {
          type: 'object',
          required: ['key'],
          properties: { key: { type: 'string', minLength: 1, maxLength: 255 } },
        },
        body: { type: 'object', required: ['user'], additionalProperties: false, properties: { user: upsertedUser } },
        response: { 201: completionSchema, ...errors(422, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const runtime = await ctx.engines.runtimeFor(caller.space);
      const def = runtime.achievementsByKey.get(request.params.key);
      if (def === undefined || (def.status !== 'active' && def.status !== 'locked')) {
        throw new HttpError(
          'UNKNOWN_ACHIEVEMENT',
          `no active achievement has the key ${JSON.stringify(request.params.key)}`,
        );
      }
      if (def.trigger !== 'api') {
        throw new InvalidRequestError(
          'ACHIEVEMENT_NOT_API',
          `the achievement ${JSON.stringify(def.key)} completes by its ${def.trigger} trigger, not by this call`,
        );
      }
      // the user is upserted with what the call tells of them, as an event's user is
      const { id, ...fields } = request.body.user;
      checkAttributes(runtime.attributes, fields.attributes, 'user', 'user.attributes: ');
      if (def.status === 'locked') {
        // no new completions (S22): a user who holds it is answered the first completion, as any repeat is
        const held = (await runtime.engine.user(id))?.achievements.find((a) => a.key === def.key);
        if (held === undefined)
          throw new ConflictError(
            'ACHIEVEMENT_LOCKED',
            `the achievement ${JSON.stringify(def.key)} is locked: no new completions`,
          );
      }
      if (Object.keys(fields).length > 0) await runtime.engine.identify(id, profileInputOf(fields), { mode: 'create' });
      const outcome = await runtime.engine.completeAchievement(id, def.key);
      // S31: a deduction the user has not the points for refused the completion, and nothing was stored
      if (outcome.refused !== undefined)
        throw new HttpError(
          'OUT_OF_POINTS',
          `the completion would take the points of ${JSON.stringify(outcome.refused.system)} below zero; nothing was recorded`,
        );
      return reply.code(201).send({
        // One id per completion, not per call: a repeat is answered the first completion, id and all.
        completionId: deterministicId('completion', caller.space.store, id, def.key, outcome.achievement.achievedAt),
        achievement: userAchievementWire(def, runtime, outcome.achievement.achievedAt),
        points: eventPointsWire(outcome.points, runtime.config, ctx.clock()),
      });
    },
  );
}
