/**
 * GET and PATCH /v1/users/:id/preferences: the user's notification channels, and the streak as the
 * user lives it (S24). PATCH changes what is given; a changed streak choice rebuilds the user's
 * streak from the journal at once. Mode and thresholds need the rule's `personalization` (403
 * PERSONALIZATION_OFF otherwise); turning the streak off is always allowed.
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import {
  preferencesBody,
  preferencesInputOf,
  preferencesSchema,
  preferencesWire,
  refusalInWireNames,
} from '../../wire/preferences-wire.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UserPreferencesDeps {
  readonly engines: Engines;
}

export function userPreferencesRoutes(app: App, ctx: UserPreferencesDeps): void {
  app.get(
    '/v1/users/:id/preferences',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Get a user's preferences",
        tags: ['users'],
        params: userParams,
        response: { 200: preferencesSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const view = await runtime.engine.preferences(request.params.id);
      if (view === null) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(request.params.id)}`);
      return preferencesWire(view, runtime.engine.rules.length > 0);
    },
  );

  app.patch(
    '/v1/users/:id/preferences',
    {
      config: { access: 'app', invalidInput: 422 },
      schema: {
        summary: "Change a user's preferences",
        description:
          'notifications: per type the channels wanted (an empty list opts out). streak: enabled false keeps the user’s streak at 0; evaluationMode and metrics (thresholds within the owner’s bounds) need the streak rule’s personalization, else 403 PERSONALIZATION_OFF.',
        tags: ['users'],
        params: userParams,
        body: preferencesBody,
        response: { 200: preferencesSchema, ...errors(422, 403, 404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const view = await runtime.engine
        .setPreferences(request.params.id, preferencesInputOf(request.body))
        .catch((error: unknown) => {
          throw refusalInWireNames(error);
        });
      return preferencesWire(view, runtime.engine.rules.length > 0);
    },
  );
}
