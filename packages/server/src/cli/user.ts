/**
 * `kindling user ID`: one user's streak, freezes and totals, their points in each points system
 * (total, level, the latest award), and the recent periods as a small calendar: the last 8 weeks
 * for a daily rule (one row per week), else the last 12 periods.
 */
import {
  WEEKDAYS,
  formatDay,
  parseDay,
  weekdayOf,
  type HistoryPeriod,
  type StreakRead,
  type UserPointsView,
  type UserView,
} from '@kindling/core';
import type { RuleConfig } from '../control/types.js';
import { Engines } from '../engines/engines.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, positionals, type ParsedArgs } from './args.js';
import { beginCommand, type Command } from './command.js';
import type { CliIo, Output } from './output.js';
import { deleteUser, USER_DELETE_HELP } from './user-delete.js';

const HELP = `usage: kindling user ID
       kindling user delete ID [--tenant CUSTOMER_ID] [--yes]

Shows a user's streak (length, longest, start, the last day that keeps it), freezes, metric totals,
points in each points system (total, level, the latest award), and the recent periods: the last 8
weeks for a daily rule, else the last 12 periods.

${BACKEND_HELP.join('\n')}
  --json            print the user and the streak read as JSON

${USER_DELETE_HELP}`;

export const LEGEND = '# held   * frozen   p paused   . missed (the current period shows . until met)';

/** The character of one period. */
export function periodMark(period: HistoryPeriod): string {
  if (period.usedPause) return 'p';
  if (period.usedFreeze) return '*';
  return period.length > 0 ? '#' : '.';
}

/** The last 8 weeks of daily periods (oldest first, today last), one row per week from `weekStart`. */
export function dailyCalendar(history: readonly HistoryPeriod[], weekStart: RuleConfig['weekStart']): string[] {
  const last = history[history.length - 1];
  if (last === undefined) return [];
  const today = parseDay(last.periodStart);
  const first = WEEKDAYS.indexOf(weekStart);
  const firstDay = today - ((weekdayOf(today) - first + 7) % 7) - 7 * 7;
  const marks = new Map(history.map((p) => [p.periodStart, periodMark(p)]));
  const header = `${'week of'.padEnd(12)}${Array.from({ length: 7 }, (_, i) => (WEEKDAYS[(first + i) % 7] as string)[0]?.toUpperCase()).join('')}`;
  const rows = [header];
  for (let week = 0; week < 8; week++) {
    const start = firstDay + week * 7;
    const cells = Array.from({ length: 7 }, (_, i) =>
      start + i > today ? ' ' : (marks.get(formatDay(start + i)) ?? '.'),
    );
    rows.push(`${formatDay(start).padEnd(12)}${cells.join('')}`.trimEnd());
  }
  return rows;
}

/** The last 12 weekly or monthly periods on one line, oldest first. */
export function periodCalendar(history: readonly HistoryPeriod[]): string[] {
  const shown = history.slice(-12);
  if (shown.length === 0) return [];
  return [`${shown.map(periodMark).join('')}   ${shown[0]?.periodStart} … ${shown[shown.length - 1]?.periodEnd}`];
}

interface UserReport {
  user: UserView;
  rule: RuleConfig | null;
  streak: StreakRead | null;
  /** by points system key: the user's points as read now */
  points: Record<string, UserPointsView>;
}

/** One system's part of the points line: its total, level and latest award. */
function pointsPart(key: string, view: UserPointsView): string {
  const latest = view.awards[0];
  const level = view.level === null ? '' : `, level ${view.level.key}`;
  const award =
    latest === undefined
      ? ''
      : `, last ${latest.awarded > 0 ? '+' : ''}${latest.awarded} at ${new Date(latest.at).toISOString()}`;
  return `${key} ${view.total}${level}${award}`;
}

function describe(report: UserReport): string[] {
  const { user, streak, rule } = report;
  const totals = Object.entries(user.totals);
  const lines = [
    `user      ${user.id}${user.tz !== null ? ` (${user.tz})` : ''}, first seen ${user.firstSeenAt}`,
    `totals    ${totals.length === 0 ? 'none' : totals.map(([metric, total]) => `${metric} ${total}`).join(', ')}`,
  ];
  const points = Object.entries(report.points);
  if (points.length > 0) lines.push(`points    ${points.map(([key, view]) => pointsPart(key, view)).join('; ')}`);
  if (streak === null || rule === null) return [...lines, 'streak    no streak rule is set'];
  lines.push(
    `streak    ${streak.length} ${rule.frequency === 'daily' ? 'day' : rule.frequency === 'weekly' ? 'week' : 'month'}(s)${streak.started !== null ? ` since ${streak.started}` : ''}, longest ${streak.longest}`,
    `expires   ${streak.expires === null ? '-' : `keep it by ${streak.expires} (ends ${streak.expiresAt})`}`,
  );
  if (rule.freezes !== null) lines.push(`freezes   ${streak.freezes} of at most ${streak.maxFreezes}`);
  const calendar =
    rule.frequency === 'daily'
      ? dailyCalendar(streak.streakHistory, rule.weekStart)
      : periodCalendar(streak.streakHistory);
  return [...lines, '', ...calendar, '', LEGEND];
}

/**
 * What `kindling user ACTION ID` does to a user beside showing them, by the action's word: one file
 * each, its help at the end of the command's.
 */
const USER_ACTIONS: ReadonlyMap<string, (args: ParsedArgs, id: string, io: CliIo, out: Output) => Promise<number>> =
  new Map([['delete', deleteUser]]);

export const userCommand: Command = {
  name: 'user',
  summary: "show a user's streak, freezes, totals, points and recent periods; erase a user (delete)",
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, { ...BACKEND_FLAGS, tenant: 'string', yes: 'boolean' }, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    // two words: an action and its user (a user whose id is an action's word, "delete", is shown by `kindling user delete`)
    const act = args.positionals.length === 2 ? USER_ACTIONS.get(args.positionals[0] as string) : undefined;
    if (act !== undefined) return act(args, args.positionals[1] as string, io, out);
    const [id] = positionals(args, ['ID']) as [string];
    const report = await withAccount(args, io.env, async ({ backend, account }): Promise<UserReport> => {
      const runtime = await new Engines(backend, 0).runtimeFor(account.id);
      const user = await runtime.engine.user(id);
      if (user === null) throw new CommandError(`no user has the id ${JSON.stringify(id)} in this account`);
      const rule = runtime.config.streak;
      const streak =
        rule === null
          ? null
          : await runtime.engine.streak(id, { historyPeriods: rule.frequency === 'daily' ? 56 : 12 });
      const points: Record<string, UserPointsView> = Object.create(null) as Record<string, UserPointsView>;
      for (const key of runtime.pointsByKey.keys()) {
        const view = await runtime.engine.points(id, key);
        if (view !== null) points[key] = view;
      }
      return { user, rule, streak, points };
    });
    out.result(report, describe);
    return 0;
  },
};
