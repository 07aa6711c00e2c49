/**
 * GET /admin/v1/metrics?includeArchived=true: the account's metrics with their total, event count
 * and last event.
 */
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { metricSchema, metricWire } from '../../wire/admin-wire.js';
import { includeArchivedQuery, TAG } from './schemas.js';

export function listMetricsRoute(app: App, ctx: ServerContext): void {
  app.get(
    '/admin/v1/metrics',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List metrics with their activity',
        tags: [TAG],
        querystring: includeArchivedQuery,
        response: { 200: { type: 'array', items: metricSchema }, ...errors() },
      },
    },
    async (request) => {
      const { accountId, space } = callerOf(request);
      const [config, activity] = await Promise.all([
        ctx.backend.control.config(accountId),
        ctx.activity.metrics(space.store),
      ]);
      return config.metrics
        .filter((m) => request.query.includeArchived === 'true' || m.status === 'active')
        .map((m) => metricWire(m, activity.get(m.key)));
    },
  );
}
