/**
 * GET /metrics: the Prometheus text of the server's metrics (metrics/metrics.ts), registered only
 * when KINDLING_METRICS=1 (otherwise /metrics is an unknown path, 404). Its access, 'scraper',
 * asks for the bearer token of KINDLING_METRICS_TOKEN when one is set (access/scraper-token.ts). Not
 * in /openapi.json: it is for Prometheus, not for the API's clients. The hosted service's paths
 * under /v1 (`/v1/users/:id/metrics`, `/v1/metrics/:key`) do not meet it: it is at the root.
 */
import { errorRef } from '../http/schemas.js';
import type { App } from '../http/typed-app.js';
import type { Metrics } from '../metrics/metrics.js';

export function metricsRoutes(app: App, metrics: Metrics): void {
  app.get(
    '/metrics',
    {
      config: { access: 'scraper' },
      schema: { hide: true, response: { 200: { type: 'string' }, 401: errorRef } },
    },
    async (_request, reply) => {
      const text = await metrics.text();
      return reply.type(metrics.contentType).send(text);
    },
  );
}
