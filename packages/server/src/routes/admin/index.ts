/**
 * The admin API under /admin/v1: what the account owner (admin key or dashboard session) calls.
 */
import type { ServerContext } from '../../http/context.js';
import type { App } from '../../http/typed-app.js';
import { accountRoute } from './account.js';
import { accountsRoutes } from './accounts.js';
import { archiveAchievementsRoute } from './archive-achievements.js';
import { archiveMetricsRoute } from './archive-metrics.js';
import { batchEventsRoute } from './batch-events.js';
import { createAchievementsRoute } from './create-achievements.js';
import { createKeyRoute } from './create-key.js';
import { createMetricsRoute } from './create-metrics.js';
import { createPausesRoute } from './create-pauses.js';
import { createWebhookRoute } from './create-webhook.js';
import { deletePausesRoute } from './delete-pauses.js';
import { deleteWebhookRoute } from './delete-webhook.js';
import { getRebuildRoute } from './get-rebuild.js';
import { getStreakRuleRoute } from './get-streak-rule.js';
import { getUserRoute } from './get-user.js';
import { getWebhookRoute } from './get-webhook.js';
import { grantFreezesRoute } from './grant-freezes.js';
import { listAchievementsRoute } from './list-achievements.js';
import { listKeysRoute } from './list-keys.js';
import { listMetricsRoute } from './list-metrics.js';
import { listDeliveriesRoute } from './list-deliveries.js';
import { listWebhooksRoute } from './list-webhooks.js';
import { putStreakRuleRoute } from './put-streak-rule.js';
import { restoreStreaksRoute } from './restore-streaks.js';
import { revokeKeyRoute } from './revoke-key.js';
import { sessionRoutes } from './session.js';
import { streakAnalyticsRoute } from './streak-analytics.js';
import { updateMetricsRoute } from './update-metrics.js';
import { resendDeliveryRoute } from './resend-delivery.js';
import { updateWebhookRoute } from './update-webhook.js';

export function adminRoutes(app: App, ctx: ServerContext): void {
  sessionRoutes(app, ctx);
  accountRoute(app, ctx);
  accountsRoutes(app, ctx);
  listMetricsRoute(app, ctx);
  batchEventsRoute(app, ctx);
  createMetricsRoute(app, ctx);
  updateMetricsRoute(app, ctx);
  archiveMetricsRoute(app, ctx);
  getStreakRuleRoute(app, ctx);
  putStreakRuleRoute(app, ctx);
  getRebuildRoute(app, ctx);
  listAchievementsRoute(app, ctx);
  createAchievementsRoute(app, ctx);
  archiveAchievementsRoute(app, ctx);
  listKeysRoute(app, ctx);
  createKeyRoute(app, ctx);
  revokeKeyRoute(app, ctx);
  grantFreezesRoute(app, ctx);
  createPausesRoute(app, ctx);
  deletePausesRoute(app, ctx);
  restoreStreaksRoute(app, ctx);
  streakAnalyticsRoute(app, ctx);
  getUserRoute(app, ctx);
  listWebhooksRoute(app, ctx);
  createWebhookRoute(app, ctx);
  getWebhookRoute(app, ctx);
  updateWebhookRoute(app, ctx);
  deleteWebhookRoute(app, ctx);
  listDeliveriesRoute(app, ctx);
  resendDeliveryRoute(app, ctx);
}
