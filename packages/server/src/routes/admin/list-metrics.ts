/**
 * GET /admin/v1/metrics?limit=&skip=&includeArchived=true: a page of the account's metrics (10 unless
 * asked, at most 100, as the hosted service's admin lists) with their total, event count and last
 * event; archived ones are listed, and counted in the page, only when asked for.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Activity } from '../../engines/activity.js';
import { readConfig } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricSchema, metricWire } from '../../wire/admin-wire.js';
import { metricListQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListMetricsDeps {
  readonly accounts: AccountDeps;
  readonly activity: Activity;
}

export function listMetricsRoute(app: App, ctx: ListMetricsDeps): void {
  app.get(
    '/admin/v1/metrics',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List metrics with their activity',
        tags: [TAG],
        querystring: metricListQuery,
        response: { 200: { type: 'array', items: metricSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId, space } = callerOf(request);
      const [config, activity] = await Promise.all([
        readConfig(ctx.accounts, accountId),
        ctx.activity.metrics(space.store),
      ]);
      const { limit, skip, includeArchived } = request.query;
      return config.metrics
        .filter((m) => includeArchived === 'true' || m.status === 'active')
        .slice(skip, skip + limit)
        .map((m) => metricWire(m, activity.get(m.key)));
    },
  );
}
