/**
 * DELETE /admin/v1/metrics?ids=a,b: archive metrics. An archived metric keeps its key and its
 * data but takes no more events; archiving one the streak rule counts is allowed, with a warning.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { archiveMetrics } from '../../accounts/metrics.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ArchiveMetricsDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function archiveMetricsRoute(app: App, ctx: ArchiveMetricsDeps): void {
  app.delete(
    '/admin/v1/metrics',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Archive metrics',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues } = await archiveMetrics(ctx.accounts, accountId, ids);
      ctx.engines.invalidate(accountId);
      return { deleted: applied, issues };
    },
  );
}
