/**
 * POST /admin/v1/metrics: create 1..100 metrics; a key is derived from the name when absent, the
 * unit type is `number` and the units "" when absent. A taken or malformed key, an unknown unit
 * type or currency units that are no currency code is an issue of its item; the others are created.
 */
import { limitMessage, roomFor } from '../../control/limits.js';
import { changeUnits, NO_UNITS } from '../../accounts/metric-units.js';
import type { MetricDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { newId } from '../../random-ids.js';
import { createdMetricsSchema, metricWire } from '../../wire/admin-wire.js';
import { issue, nameAndKey, statusOf, type Issue } from './bulk.js';
import { bulkOf, newMetric, TAG } from './schemas.js';

export function createMetricsRoute(app: App, ctx: ServerContext): void {
  app.post(
    '/admin/v1/metrics',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Create metrics',
        tags: [TAG],
        body: bulkOf(newMetric),
        response: { 200: createdMetricsSchema, 201: createdMetricsSchema, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const at = new Date(ctx.clock()).toISOString();
      let created: MetricDef[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        created = [];
        issues = [];
        const taken = new Set(config.metrics.map((m) => m.key));
        for (const [index, item] of request.body.entries()) {
          const named = nameAndKey(item, index, (key) => taken.has(key), 'metric');
          if ('message' in named) {
            issues.push(named);
            continue;
          }
          const units = changeUnits(NO_UNITS, item);
          if ('problem' in units) {
            issues.push(issue({ index }, units.problem));
            continue;
          }
          if (!roomFor('metrics', config.metrics.length + created.length)) {
            issues.push(issue({ index }, limitMessage('metrics')));
            continue;
          }
          taken.add(named.key);
          created.push({ id: newId(), key: named.key, name: named.name, status: 'active', created: at, ...units });
        }
        return { ...config, metrics: [...config.metrics, ...created] };
      });
      ctx.engines.invalidate(accountId);
      return reply.code(statusOf(created.length)).send({ created: created.map((m) => metricWire(m)), issues });
    },
  );
}
