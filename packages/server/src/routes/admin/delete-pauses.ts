/**
 * DELETE /admin/v1/streaks/pauses?ids=a,b: remove pauses by id; they stop applying at once.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { pauseOwnerOf } from '../../accounts/pause-owners.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { issueFromError, missingIdIssue, type Issue } from '../../accounts/issues.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';
import { streakRuntime } from './streak-runtime.js';

/** What the route takes of the server: the lower layers it calls. */
export interface DeletePausesDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function deletePausesRoute(app: App, ctx: DeletePausesDeps): void {
  app.delete(
    '/admin/v1/streaks/pauses',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Remove streak pauses',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { space } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { engine } = await streakRuntime(ctx, space);
      const deleted: Array<{ id: string }> = [];
      const issues: Issue[] = [];
      for (const id of ids) {
        try {
          const owner = await pauseOwnerOf(ctx.accounts, space.store, id);
          if (owner === null) {
            issues.push(missingIdIssue(id, 'Streak pause'));
            continue;
          }
          await engine.unpause(owner, id);
          deleted.push({ id });
        } catch (error) {
          issues.push(issueFromError({ id }, error));
        }
      }
      return { deleted, issues };
    },
  );
}
