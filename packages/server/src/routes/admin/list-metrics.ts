/**
 * GET /admin/v1/metrics?includeArchived=true: the account's metrics with their total, event count
 * and last event.
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import { metricWire } from '../../wire/admin-wire.js';
import { includeArchivedQuery, TAG } from './schemas.js';

export function listMetricsRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { includeArchived?: string } }>(
    '/admin/v1/metrics',
    { config: { access: 'admin' }, schema: { summary: 'List metrics with their activity', tags: [TAG], querystring: includeArchivedQuery, response: errors() } },
    async (request) => {
      const { accountId } = callerOf(request);
      const [config, activity] = await Promise.all([ctx.backend.control.config(accountId), ctx.activity.metrics(accountId)]);
      return config.metrics.filter((m) => request.query.includeArchived === 'true' || m.status === 'active').map((m) => metricWire(m, activity.get(m.key)));
    },
  );
}
