/**
 * The admin API under /admin/v1: what the account owner (admin key or dashboard session) calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../http/context.js';
import { accountRoute } from './account.js';
import { accountsRoutes } from './accounts.js';
import { archiveMetricsRoute } from './archive-metrics.js';
import { createKeyRoute } from './create-key.js';
import { createMetricsRoute } from './create-metrics.js';
import { listKeysRoute } from './list-keys.js';
import { listMetricsRoute } from './list-metrics.js';
import { revokeKeyRoute } from './revoke-key.js';
import { sessionRoutes } from './session.js';
import { updateMetricsRoute } from './update-metrics.js';

export function adminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  sessionRoutes(app, ctx);
  accountRoute(app, ctx);
  accountsRoutes(app, ctx);
  listMetricsRoute(app, ctx);
  createMetricsRoute(app, ctx);
  updateMetricsRoute(app, ctx);
  archiveMetricsRoute(app, ctx);
  listKeysRoute(app, ctx);
  createKeyRoute(app, ctx);
  revokeKeyRoute(app, ctx);
}
