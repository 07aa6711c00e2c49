/**
 * PATCH /admin/v1/metrics: rename 1..100 metrics by id (a key never changes).
 */
import type { MetricDef } from '../../control/types.js';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricWire, updatedMetricsSchema } from '../../wire/admin-wire.js';
import { issue, type Issue } from './bulk.js';
import { bulkOf, metricChange, TAG } from './schemas.js';

export function updateMetricsRoute(app: App, ctx: ServerContext): void {
  app.patch(
    '/admin/v1/metrics',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Rename metrics',
        tags: [TAG],
        body: bulkOf(metricChange),
        response: { 200: updatedMetricsSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId, space } = callerOf(request);
      let updated: MetricDef[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        updated = [];
        issues = [];
        const metrics = config.metrics.map((m) => ({ ...m }));
        for (const item of request.body) {
          const metric = metrics.find((m) => m.id === item.id);
          const name = item.name.trim();
          if (metric === undefined) issues.push(issue({ id: item.id }, 'Metric not found by ID'));
          else if (name === '') issues.push(issue({ id: item.id }, 'Name must not be blank'));
          else {
            metric.name = name;
            if (!updated.includes(metric)) updated.push(metric);
          }
        }
        return { ...config, metrics };
      });
      ctx.engines.invalidate(accountId);
      const activity = await ctx.activity.metrics(space.store);
      return { updated: updated.map((m) => metricWire(m, activity.get(m.key))), issues };
    },
  );
}
