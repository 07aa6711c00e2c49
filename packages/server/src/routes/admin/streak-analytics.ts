/**
 * GET /admin/v1/analytics/streaks?top=10&days=30: the streak rule's analytics from the store's
 * index (active streaks, average length, top lists, histogram) and per UTC day the events,
 * extensions, losses and freezes used. With no rule: the same shape, `streak: null`, all zeros.
 */
import type { Activity } from '../../engines/activity.js';
import type { Engines } from '../../engines/engines.js';
import { describeStats } from '@kindling/core';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { RULE_KEY } from '../../engines/engines.js';
import { analyticsSchema } from '../../wire/admin-wire.js';
import { analyticsQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface StreakAnalyticsDeps {
  readonly activity: Activity;
  readonly clock: () => number;
  readonly engines: Engines;
}

const NOTHING = { active: 0, lengthSum: 0, lengths: [], topCurrent: [], topLongest: [] };

export function streakAnalyticsRoute(app: App, ctx: StreakAnalyticsDeps): void {
  app.get(
    '/admin/v1/analytics/streaks',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Streak analytics',
        tags: [TAG],
        querystring: analyticsQuery,
        response: { 200: analyticsSchema, ...errors() },
      },
    },
    async (request) => {
      const { space } = callerOf(request);
      const { top, days } = request.query;
      const runtime = await ctx.engines.runtimeFor(space);
      const now = ctx.clock();
      const stats =
        runtime.config.streak !== null
          ? await runtime.engine.stats({ top, at: now })
          : { ...describeStats(RULE_KEY, now, NOTHING), streak: null };
      const daily = await ctx.activity.days(space.store, new Date(now).toISOString().slice(0, 10), days);
      return { ...stats, daily };
    },
  );
}
