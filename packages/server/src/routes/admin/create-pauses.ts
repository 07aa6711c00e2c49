/**
 * POST /admin/v1/streaks/pauses: `{ pauses: [{ userId, start, end }] }` (local dates, start not
 * before the user's today). Each pause's owner is kept by id, so that DELETE finds it.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { recordPauseOwner } from '../../accounts/pause-owners.js';
import type { FromSchema } from 'json-schema-to-ts';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createdPausesSchema, type pauseSchema } from '../../wire/admin-wire.js';
import { issue, issueFromError, type Issue } from '../../accounts/issues.js';
import { statusOf } from './bulk.js';
import { pausesBody, TAG } from './schemas.js';
import { streakRuntime, USER_MISSING } from './streak-runtime.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreatePausesDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

type Pause = FromSchema<typeof pauseSchema>;

export function createPausesRoute(app: App, ctx: CreatePausesDeps): void {
  app.post(
    '/admin/v1/streaks/pauses',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Pause streaks over date ranges',
        tags: [TAG],
        body: pausesBody,
        response: { 200: createdPausesSchema, 201: createdPausesSchema, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { space } = callerOf(request);
      const { engine } = await streakRuntime(ctx, space);
      const created: Pause[] = [];
      const issues: Issue[] = [];
      for (const [index, item] of request.body.pauses.entries()) {
        const at = { index, userId: item.userId };
        try {
          if ((await engine.user(item.userId)) === null) {
            issues.push(issue(at, USER_MISSING));
            continue;
          }
          const pause = await engine.pause(item.userId, { start: item.start, end: item.end });
          await recordPauseOwner(ctx.accounts, space.store, pause.id, item.userId);
          created.push({ id: pause.id, userId: item.userId, start: pause.start, end: pause.end, status: 'active' });
        } catch (error) {
          issues.push(issueFromError(at, error));
        }
      }
      return reply.code(statusOf(created.length)).send({ created, issues });
    },
  );
}
