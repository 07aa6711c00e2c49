/**
 * POST /admin/v1/streaks/restore: `{ users: [{ id }] }`: give back each user's lost streak while
 * the loss is within the rule's restore window. 201 when at least one was restored.
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { restoredAnswerSchema, userIssueWire } from '../../wire/admin-wire.js';
import { issue, issueFromError, type IssueOf } from '../../accounts/issues.js';
import { statusOf } from './bulk.js';
import { restoreBody, TAG } from './schemas.js';
import { streakRuntime, USER_MISSING } from './streak-runtime.js';

/** What the route takes of the server: the lower layers it calls. */
export interface RestoreStreaksDeps {
  readonly engines: Engines;
}

const NOT_RESTORED = {
  'nothing-to-restore': 'No streak to restore',
  'window-passed': 'The restore window has passed',
} as const;

export function restoreStreaksRoute(app: App, ctx: RestoreStreaksDeps): void {
  app.post(
    '/admin/v1/streaks/restore',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Restore lost streaks',
        tags: [TAG],
        body: restoreBody,
        response: { 200: restoredAnswerSchema, 201: restoredAnswerSchema, ...errors() },
      },
    },
    async (request, reply) => {
      const { engine } = await streakRuntime(ctx, callerOf(request).space);
      const restoredUsers: string[] = [];
      const issues: Array<IssueOf<{ index: number; userId: string }>> = [];
      for (const [index, { id }] of request.body.users.entries()) {
        const at = { index, userId: id };
        try {
          if ((await engine.user(id)) === null) {
            issues.push(issue(at, USER_MISSING));
            continue;
          }
          const outcome = await engine.restore(id);
          if (outcome.restored) restoredUsers.push(id);
          else issues.push(issue(at, NOT_RESTORED[outcome.reason], 'warning'));
        } catch (error) {
          issues.push(issueFromError(at, error));
        }
      }
      return reply.code(statusOf(restoredUsers.length)).send({ restoredUsers, issues: issues.map(userIssueWire) });
    },
  );
}
