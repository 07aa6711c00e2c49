/**
 * PATCH /admin/v1/metrics: change the name, unit type or units of 1..100 metrics by id (a key never
 * changes); what an item leaves out (or sends as null) stays.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Activity } from '../../engines/activity.js';
import type { Engines } from '../../engines/engines.js';
import { updateMetrics } from '../../accounts/metrics.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricWire, updatedMetricsSchema } from '../../wire/admin-wire.js';
import { bulkOf, metricChange, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UpdateMetricsDeps {
  readonly accounts: AccountDeps;
  readonly activity: Activity;
  readonly engines: Engines;
}

export function updateMetricsRoute(app: App, ctx: UpdateMetricsDeps): void {
  app.patch(
    '/admin/v1/metrics',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Change metrics',
        tags: [TAG],
        body: bulkOf(metricChange),
        response: { 200: updatedMetricsSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId, space } = callerOf(request);
      const { applied, issues } = await updateMetrics(ctx.accounts, accountId, request.body);
      ctx.engines.invalidate(accountId);
      const activity = await ctx.activity.metrics(space.store);
      return { updated: applied.map((m) => metricWire(m, activity.get(m.key))), issues };
    },
  );
}
