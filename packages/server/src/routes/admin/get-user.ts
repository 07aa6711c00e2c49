/**
 * GET /admin/v1/users/:id: one user for the dashboard: the profile (as GET /v1/users/:id, with the
 * achievements completed), the streak with a year of periods (as GET /v1/users/:id/streak; null
 * without a rule), the last 30 daily sums of the user's metrics from the journal, newest first, and
 * the user's points in each live system (as GET /v1/users/:id/points/:key reads them: time triggers
 * settled to now on a copy), with the 5 latest awards, each naming its trigger's id.
 */
import type { Engines } from '../../engines/engines.js';
import type { Journal } from '@kindling/core';
import type { Rollup } from '@kindling/core/adapter';
import { formatDay } from '@kindling/core';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors, userParams } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { adminUserSchema } from '../../wire/admin-wire.js';
import { streakReadWire } from '../../wire/streak-wire.js';
import { userWire } from '../../wire/user-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetUserDeps {
  readonly engines: Engines;
}

export const RECENT_DAYS = 30;
/** the latest awards shown of each points system */
export const RECENT_AWARDS = 5;

/** The daily sums counted with the rule's day start (0 without a rule), newest first. */
export function recentActivity(
  journal: Journal,
  dayStart: number,
  limit = RECENT_DAYS,
): Array<{ date: string; metric: string; value: number }> {
  let rollups: readonly Rollup[] = journal.rollups.filter((r) => r.dayStart === dayStart);
  if (rollups.length === 0 && journal.rollups.length > 0) {
    const latest = journal.rollups.reduce((a, b) => (b.version > a.version ? b : a));
    rollups = journal.rollups.filter((r) => r.dayStart === latest.dayStart);
  }
  return [...rollups]
    .sort((a, b) => b.day - a.day || a.metric.localeCompare(b.metric))
    .slice(0, limit)
    .map((r) => ({ date: formatDay(r.day), metric: r.metric, value: r.value }));
}

export function getUserRoute(app: App, ctx: GetUserDeps): void {
  app.get(
    '/admin/v1/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Get a user with streak history and recent activity',
        tags: [TAG],
        params: userParams,
        response: { 200: adminUserSchema, ...errors(404) },
      },
    },
    async (request) => {
      const runtime = await ctx.engines.runtimeFor(callerOf(request).space);
      const { engine, config } = runtime;
      const user = await engine.user(request.params.id);
      if (user === null) throw new HttpError('UNKNOWN_USER', `no user has the id ${JSON.stringify(request.params.id)}`);
      const rule = engine.rules[0];
      const systems = [...runtime.pointsByKey.values()];
      const [read, journal, points] = await Promise.all([
        rule !== undefined ? engine.streak(user.id, { historyPeriods: 366 }) : Promise.resolve(null),
        engine.journal(user.id),
        Promise.all(systems.map((system) => engine.points(user.id, system.key))),
      ]);
      return {
        user: {
          ...userWire(user),
          achievements: user.achievements.map((a) => {
            const userAttributes = a.userAttributes.map(({ key, value }) => ({ key, value }));
            return a.trigger === 'metric'
              ? { ...a, userAttributes, eventAttributes: a.eventAttributes.map(({ key, value }) => ({ key, value })) }
              : { ...a, userAttributes };
          }),
        },
        streak: read === null ? null : streakReadWire(read, config.streak),
        recent: recentActivity(journal, rule !== undefined ? rule.dayStart : 0),
        points: systems.flatMap((system, i) => {
          const view = points[i];
          if (view === null || view === undefined) return [];
          const { level } = view;
          return [
            {
              id: system.id,
              key: system.key,
              name: system.name,
              total: view.total,
              level:
                level === null
                  ? null
                  : {
                      key: level.key,
                      name: system.levels.find((def) => def.id === level.id)?.name ?? level.key,
                      points: level.points,
                    },
              awards: view.awards.slice(0, RECENT_AWARDS).map((award) => ({
                id: award.id,
                awarded: award.awarded,
                date: new Date(award.at).toISOString(),
                total: award.total,
                trigger: award.trigger,
                triggerType: system.triggers.find((def) => def.id === award.trigger)?.type ?? ('deleted' as const),
              })),
            },
          ];
        }),
      };
    },
  );
}
