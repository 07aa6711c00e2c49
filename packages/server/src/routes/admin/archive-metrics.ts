/**
 * DELETE /admin/v1/metrics?ids=a,b: archive metrics. An archived metric keeps its key and its
 * data but takes no more events; archiving one the streak rule counts is allowed, with a warning.
 */
import type { MetricDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { archiveByIds, idsFrom, issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function archiveMetricsRoute(app: App, ctx: ServerContext): void {
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
      let result: ReturnType<typeof archiveByIds<MetricDef>> = { items: [], deleted: [], issues: [] };
      await ctx.backend.control.changeConfig(accountId, (config) => {
        result = archiveByIds(config.metrics, ids, 'Metric');
        const counted = new Set(config.streak?.conditions.map((c) => c.metric) ?? []);
        for (const metric of config.metrics) {
          if (ids.includes(metric.id) && counted.has(metric.key)) {
            result.issues.push(
              issue({ id: metric.id }, `The streak rule still counts "${metric.key}": change the rule`, 'warning'),
            );
          }
        }
        return { ...config, metrics: result.items };
      });
      ctx.engines.invalidate(accountId);
      return { deleted: result.deleted, issues: result.issues };
    },
  );
}
