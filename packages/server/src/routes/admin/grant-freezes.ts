/**
 * POST /admin/v1/streaks/freezes: `{ freezes: [{ userId }] }`, one freeze per item (the same user
 * may appear several times). Answers `{ issues }`: 201 when at least one freeze was granted. Each
 * issue carries `level` and `reason` besides `severity` and `message` (the SDK 1.0.42 reads those).
 */
import type { Engines } from '../../engines/engines.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { freezesAnswerSchema, userIssueWire } from '../../wire/admin-wire.js';
import { issue, issueFromError, type IssueOf } from '../../accounts/issues.js';
import { statusOf } from './bulk.js';
import { freezesBody, TAG } from './schemas.js';
import { streakRuntime, USER_MISSING } from './streak-runtime.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GrantFreezesDeps {
  readonly engines: Engines;
}

export function grantFreezesRoute(app: App, ctx: GrantFreezesDeps): void {
  app.post(
    '/admin/v1/streaks/freezes',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Grant streak freezes',
        tags: [TAG],
        body: freezesBody,
        response: { 200: freezesAnswerSchema, 201: freezesAnswerSchema, ...errors() },
      },
    },
    async (request, reply) => {
      const { engine } = await streakRuntime(ctx, callerOf(request).space);
      const issues: Array<IssueOf<{ index: number; userId: string }>> = [];
      let granted = 0;
      for (const [index, { userId }] of request.body.freezes.entries()) {
        const at = { index, userId };
        try {
          if ((await engine.user(userId)) === null) {
            issues.push(issue(at, USER_MISSING));
            continue;
          }
          const result = await engine.grantFreezes(userId, 1);
          if (result.granted > 0) granted += result.granted;
          else issues.push(issue(at, 'Would exceed maximum freeze limit', 'warning'));
        } catch (error) {
          issues.push(issueFromError(at, error));
        }
      }
      return reply.code(statusOf(granted)).send({ issues: issues.map(userIssueWire) });
    },
  );
}
