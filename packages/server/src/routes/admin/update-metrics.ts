/**
 * PATCH /admin/v1/metrics: change the name, unit type or units of 1..100 metrics by id (a key never
 * changes); what an item leaves out (or sends as null) stays.
 */
import { updateMetrics } from '../../accounts/metrics.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricWire, updatedMetricsSchema } from '../../wire/admin-wire.js';
import { bulkOf, metricChange, TAG } from './schemas.js';

export function updateMetricsRoute(app: App, ctx: ServerContext): void {
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
