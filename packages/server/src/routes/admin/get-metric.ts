/**
 * GET /admin/v1/metrics/:id: one metric of the account by its id, as the list shows it (archived
 * ones too, with their status); 404 NOT_FOUND when the account has none with it.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Activity } from '../../engines/activity.js';
import { readConfig } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricSchema, metricWire } from '../../wire/admin-wire.js';
import { idParams, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetMetricDeps {
  readonly accounts: AccountDeps;
  readonly activity: Activity;
}

export function getMetricRoute(app: App, ctx: GetMetricDeps): void {
  app.get(
    '/admin/v1/metrics/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a metric with its activity',
        tags: [TAG],
        params: idParams,
        response: { 200: metricSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const { accountId, space } = callerOf(request);
      const config = await readConfig(ctx.accounts, accountId);
      const metric = config.metrics.find((m) => m.id === request.params.id);
      if (metric === undefined)
        throw new HttpError('NOT_FOUND', `no metric of this account has the id ${JSON.stringify(request.params.id)}`);
      const activity = await ctx.activity.metrics(space.store);
      return metricWire(metric, activity.get(metric.key));
    },
  );
}
