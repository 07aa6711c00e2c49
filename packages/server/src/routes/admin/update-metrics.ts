/**
 * PATCH /admin/v1/metrics: change the name, unit type or units of 1..100 metrics by id (a key never
 * changes); what an item leaves out (or sends as null) stays.
 */
import { changeUnits, unitsOf } from '../../accounts/metric-units.js';
import type { MetricDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricWire, updatedMetricsSchema } from '../../wire/admin-wire.js';
import { issue, type Issue } from './bulk.js';
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
      let updated: MetricDef[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        updated = [];
        issues = [];
        const metrics = config.metrics.map((m) => ({ ...m }));
        for (const item of request.body) {
          const metric = metrics.find((m) => m.id === item.id);
          if (metric === undefined) {
            issues.push(issue({ id: item.id }, 'Metric not found by ID'));
            continue;
          }
          const name = item.name?.trim() ?? metric.name;
          const units = changeUnits(unitsOf(metric), item);
          if (name === '') issues.push(issue({ id: item.id }, 'Name must not be blank'));
          else if ('problem' in units) issues.push(issue({ id: item.id }, units.problem));
          else {
            Object.assign(metric, { name, ...units });
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
