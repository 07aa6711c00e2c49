/**
 * A user's preferences: which notifications they want on which channels, and their choice of a
 * streak rule (turned off, or their own mode and thresholds within the owner's bounds,
 * personal-rule.ts). A changed streak choice rebuilds the user's streaks from the journal at once
 * (S20), so the streak always reads as if the user had always lived under their choice.
 */
import type { EngineContext } from './engine-context.js';
import { FeatureOffError, InvalidInputError, NotFoundError } from './errors.js';
import { indexEntries } from './index-entry.js';
import { boardsWatch } from './leaderboards/boards-watch.js';
import { pointsLines } from './points/points-line.js';
import { emptyRecord, unsafeKeyReason } from './keys.js';
import { personalRule } from './personal-rule.js';
import { rebuildUser } from './rebuild.js';
import type { Condition, Mode, StreakRule } from './rules.js';
import type { NotificationChannel, StreakPreference, UserPreferences, UserState } from './state.js';
import { checkNewUserId, checkUserId } from './validate.js';
import { shown } from './shown.js';

export const NOTIFICATION_TYPES = ['achievement_completed', 'recap', 'reactivation', 'streak_reminder'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
const CHANNELS: readonly NotificationChannel[] = ['email', 'push'];

export interface PreferencesInput {
  /** per type, the channels wanted; an empty list opts out of the type */
  notifications?: Partial<Record<NotificationType, NotificationChannel[]>>;
  /** the user's choice of the rule: what is given replaces that part of the choice */
  streak?: { enabled?: boolean; mode?: Mode; conditions?: Array<{ metric: string; threshold: number }> };
}

export interface PreferencesView {
  notifications: Partial<Record<NotificationType, NotificationChannel[]>>;
  /** the rule as the user lives it: whether it is on, and the mode and conditions that meet a period */
  streak: { enabled: boolean; mode: Mode; conditions: Condition[] };
}

const NONE: UserPreferences = Object.freeze({ notifications: Object.freeze({}), streaks: Object.freeze({}) });

export function viewPreferences(user: UserState, rule: StreakRule | undefined): PreferencesView {
  const preferences = user.preferences ?? NONE;
  const notifications: PreferencesView['notifications'] = {};
  for (const type of NOTIFICATION_TYPES) {
    const channels = preferences.notifications[type];
    if (channels !== undefined) notifications[type] = [...channels];
  }
  if (rule === undefined) return { notifications, streak: { enabled: false, mode: 'all', conditions: [] } };
  const chosen = preferences.streaks[rule.key];
  const lived = personalRule(rule, chosen === undefined ? undefined : { ...chosen, enabled: true });
  return {
    notifications,
    streak: {
      enabled: chosen?.enabled ?? true,
      mode: lived.mode,
      conditions: lived.conditions.map((c) => ({ metric: c.metric, threshold: c.threshold })),
    },
  };
}

function checkNotifications(input: unknown): Record<string, readonly NotificationChannel[]> {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new InvalidInputError('INVALID_INPUT', `notifications must be an object, got ${shown(input)}`);
  const checked = emptyRecord<readonly NotificationChannel[]>();
  for (const [type, channels] of Object.entries(input)) {
    if (unsafeKeyReason(type) !== null || !(NOTIFICATION_TYPES as readonly string[]).includes(type))
      throw new InvalidInputError(
        'INVALID_INPUT',
        `notifications.${type.slice(0, 40)} is not a notification type; known: ${NOTIFICATION_TYPES.join(', ')}`,
      );
    if (!Array.isArray(channels) || channels.some((c) => !CHANNELS.includes(c)))
      throw new InvalidInputError(
        'INVALID_INPUT',
        `notifications.${type} must be a list of "email" and "push", got ${shown(channels)}`,
      );
    checked[type] = Object.freeze([...new Set(channels as NotificationChannel[])]);
  }
  return checked;
}

function checkStreak(input: unknown, rule: StreakRule, before: StreakPreference | undefined): StreakPreference {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new InvalidInputError('INVALID_INPUT', `streak must be an object, got ${shown(input)}`);
  const given = input as PreferencesInput['streak'] & object;
  if (given.enabled !== undefined && typeof given.enabled !== 'boolean')
    throw new InvalidInputError('INVALID_INPUT', `streak.enabled must be true or false, got ${shown(given.enabled)}`);
  const allowed = rule.personalization;
  if ((given.mode !== undefined || given.conditions !== undefined) && allowed === null)
    throw new FeatureOffError(
      'PERSONALIZATION_OFF',
      `streak customization is not enabled for the streak rule "${rule.key}": a user may only turn it off`,
    );
  let mode = before?.mode;
  if (given.mode !== undefined) {
    if (!allowed?.mode)
      throw new FeatureOffError(
        'PERSONALIZATION_OFF',
        `the streak rule "${rule.key}" lets users choose thresholds, not the mode`,
      );
    if (given.mode !== 'all' && given.mode !== 'any')
      throw new InvalidInputError('INVALID_INPUT', `streak.mode must be "all" or "any", got ${shown(given.mode)}`);
    mode = given.mode;
  }
  let conditions = before?.conditions;
  if (given.conditions !== undefined) {
    const bounds = allowed?.thresholds ?? null;
    if (bounds === null)
      throw new FeatureOffError(
        'PERSONALIZATION_OFF',
        `the streak rule "${rule.key}" lets users choose the mode, not thresholds`,
      );
    if (
      !Array.isArray(given.conditions) ||
      given.conditions.length === 0 ||
      given.conditions.length > rule.conditions.length
    )
      throw new InvalidInputError(
        'INVALID_INPUT',
        `streak.conditions must list 1 to ${rule.conditions.length} of the rule's metrics`,
      );
    const seen = new Set<string>();
    conditions = given.conditions.map((condition, i) => {
      const where = `streak.conditions[${i}]`;
      if (
        condition === null ||
        typeof condition !== 'object' ||
        !rule.metrics.has(condition.metric) ||
        seen.has(condition.metric)
      )
        throw new InvalidInputError(
          'INVALID_INPUT',
          `${where}.metric must be one of the rule's metrics (${[...rule.metrics].join(', ')}), each once, got ${shown(condition?.metric)}`,
        );
      seen.add(condition.metric);
      const { threshold } = condition;
      if (typeof threshold !== 'number' || !(threshold >= bounds.min && threshold <= bounds.max))
        throw new InvalidInputError(
          'INVALID_INPUT',
          `${where}.threshold must be a number from ${bounds.min} to ${bounds.max}, got ${shown(threshold)}`,
        );
      return Object.freeze({ metric: condition.metric, threshold });
    });
  }
  return Object.freeze({
    enabled: given.enabled ?? before?.enabled ?? true,
    ...(mode !== undefined ? { mode } : {}),
    ...(conditions !== undefined ? { conditions: Object.freeze(conditions) } : {}),
  });
}

function sameStreak(a: StreakPreference | undefined, b: StreakPreference): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

export function preferences(ctx: EngineContext, userId: string, options: { key?: string } = {}) {
  checkUserId(userId);
  const rule = ctx.rules.length === 0 ? undefined : ctx.ruleFor(options.key);
  return ctx.current
    .load(userId, ctx.now(undefined))
    .then((user) => (user === null ? null : viewPreferences(user, rule)));
}

export async function setPreferences(
  ctx: EngineContext,
  userId: string,
  input: PreferencesInput,
  options: { key?: string; at?: Date | number } = {},
): Promise<PreferencesView> {
  checkNewUserId(userId);
  if (input === null || typeof input !== 'object')
    throw new InvalidInputError('INVALID_INPUT', 'preferences must be an object');
  const notifications = input.notifications === undefined ? null : checkNotifications(input.notifications);
  const rule = input.streak === undefined && ctx.rules.length === 0 ? undefined : ctx.ruleFor(options.key);
  const at = ctx.now(options.at);
  return ctx.current.update(
    userId,
    at,
    ({ user, journal }) => {
      if (user === null) throw new NotFoundError('UNKNOWN_USER', `no user has the id ${JSON.stringify(userId)}`);
      const before = user.preferences ?? NONE;
      const streak =
        input.streak === undefined || rule === undefined
          ? null
          : checkStreak(input.streak, rule, before.streaks[rule.key]);
      const next: UserPreferences = {
        notifications:
          notifications === null ? before.notifications : Object.freeze({ ...before.notifications, ...notifications }),
        streaks:
          streak === null || rule === undefined
            ? before.streaks
            : Object.freeze({ ...before.streaks, [rule.key]: streak }),
      };
      user.preferences = next;
      if (streak === null || rule === undefined || sameStreak(before.streaks[rule.key], streak)) {
        if (notifications === null) return { result: viewPreferences(user, rule) };
        user.version += 1;
        return {
          result: viewPreferences(user, rule),
          write: { user, history: [], rollups: [], index: indexEntries(user, ctx.rules) },
        };
      }
      // the streak follows the user's new choice from the journal on (S20), silently: no news of a rebuild
      const boardLines = boardsWatch(ctx.boards);
      boardLines.note(user);
      const rebuilt = rebuildUser(user, journal ?? { rollups: [], zoneChanges: [], actions: [] }, ctx.model, at);
      // a streak the rebuild changed moves its boards (S44)
      const onBoards = boardLines.moved(rebuilt.user, { at }, at);
      return {
        result: viewPreferences(rebuilt.user, rule),
        write: {
          user: rebuilt.user,
          history: rebuilt.history,
          replaceHistory: true,
          rollups: [],
          index: indexEntries(rebuilt.user, ctx.rules),
          pointsLines: pointsLines(rebuilt.user, ctx.points),
          boardLines: onBoards.lines,
          // achievements the rebuild completed are counted (rarity), silently, as any rebuild's
          ...(rebuilt.completed.length > 0
            ? { activity: { days: [], metrics: [], achievements: rebuilt.completed } }
            : {}),
        },
      };
    },
    { journal: true },
  );
}
