/**
 * The application API: what a backend calls with an application (or admin) key.
 */
import type { ServerContext } from '../../context.js';
import type { App } from '../../http/typed-app.js';
import { completeAchievementRoute } from './complete-achievement.js';
import { getStreakRoute } from './get-streak.js';
import { getUserRoute } from './get-user.js';
import { identifyUserRoutes } from './identify-user.js';
import { listAchievementsRoute } from './list-achievements.js';
import { listStreaksRoute } from './list-streaks.js';
import { recordEventRoutes } from './record-event.js';
import { userAchievementsRoute } from './user-achievements.js';
import { userMetricsRoutes } from './user-metrics.js';
import { userPreferencesRoutes } from './user-preferences.js';
import { leaderboardsRoutes } from './leaderboards.js';
import { pointsSummariesRoutes } from './points-summaries.js';
import { pointsSystemsRoutes } from './points-systems.js';
import { userPointsRoutes } from './user-points.js';

export function appRoutes(app: App, ctx: ServerContext): void {
  recordEventRoutes(app, ctx);
  getStreakRoute(app, ctx);
  getUserRoute(app, ctx);
  identifyUserRoutes(app, ctx);
  userAchievementsRoute(app, ctx);
  listAchievementsRoute(app, ctx);
  completeAchievementRoute(app, ctx);
  listStreaksRoute(app, ctx);
  userMetricsRoutes(app, ctx);
  userPreferencesRoutes(app, ctx);
  userPointsRoutes(app, ctx);
  leaderboardsRoutes(app, ctx);
  pointsSystemsRoutes(app, ctx);
  pointsSummariesRoutes(app, ctx);
}
