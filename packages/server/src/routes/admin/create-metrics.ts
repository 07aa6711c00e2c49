/**
 * POST /admin/v1/metrics: create 1..100 metrics; a key is derived from the name when absent, the
 * unit type is `number` and the units "" when absent. A taken or malformed key, an unknown unit
 * type or currency units that are no currency code is an issue of its item; the others are created.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { createMetrics } from '../../accounts/metrics.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { createdMetricsSchema, metricWire } from '../../wire/admin-wire.js';
import { statusOf } from './bulk.js';
import { bulkOf, newMetric, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateMetricsDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function createMetricsRoute(app: App, ctx: CreateMetricsDeps): void {
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
      const { applied, issues } = await createMetrics(ctx.accounts, accountId, request.body);
      ctx.engines.invalidate(accountId);
      return reply.code(statusOf(applied.length)).send({ created: applied.map((m) => metricWire(m)), issues });
    },
  );
}
