/**
 * DELETE /admin/v1/metrics?ids=a,b: archive metrics. An archived metric keeps its key and its
 * data but takes no more events; archiving one the streak rule counts is allowed, with a warning.
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import { idsFrom, issue, type Issue } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

export function archiveMetricsRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.delete<{ Querystring: { ids: string[] } }>(
    '/admin/v1/metrics',
    { config: { access: 'admin' }, schema: { summary: 'Archive metrics', tags: [TAG], querystring: idsQuery, response: errors() } },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      let deleted: Array<{ id: string }> = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        deleted = [];
        issues = [];
        const counted = new Set(config.streak?.conditions.map((c) => c.metric) ?? []);
        const metrics = config.metrics.map((m) => {
          if (!ids.includes(m.id)) return m;
          deleted.push({ id: m.id });
          if (counted.has(m.key)) issues.push(issue({ id: m.id }, `The streak rule still counts "${m.key}": change the rule`, 'warning'));
          return { ...m, status: 'archived' as const };
        });
        for (const id of ids) if (!deleted.some((d) => d.id === id)) issues.push(issue({ id }, 'Metric not found by ID'));
        return { ...config, metrics };
      });
      ctx.engines.invalidate(accountId);
      return { deleted, issues };
    },
  );
}
