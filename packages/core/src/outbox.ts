/**
 * The outbox: what an app should hear about, written in the same atomic step as the change that
 * caused it (UserWrite.outbox), so a crash can neither lose the news of a committed change nor
 * leave news of one that did not commit. A relay reads the outbox, hands the entries on (webhooks)
 * and removes them; it may hand an entry on twice after a crash, never zero times, and receivers
 * drop the second by its id.
 *
 * An entry's id is made from the user, the user's first-seen instant, the version the write
 * commits and the entry's place in it: the same change always gets the same id, whichever process
 * wrote it, and a step the store runs again on a conflict (a new version) makes new ids for what is
 * then new news. An entry carries what a message needs without another read: the change, the
 * instant it happened, the streak as it stood after the write, and the user's contact fields.
 */
import { deterministicId } from './ids.js';
import { zoneFor } from './reduce.js';
import { changeInstant } from './settle.js';
import { zoneOf } from './time/local-date.js';
import type { PointsNews } from './points/points-news.js';
import type { StreakRule } from './rules.js';
import type { Change, UserProfile, UserState } from './state.js';
import { viewStreak, type StreakView } from './view.js';

/** A reminder that a streak's current period ends soon and is not met yet (reminders.ts). */
export interface ReminderChange {
  type: 'streak.reminder_due';
  streak: string;
  /** the length the user keeps by meeting the period */
  length: number;
  periodStart: string;
  periodEnd: string;
}

/** What an outbox entry reports: a streak's or an achievement's change, a reminder, a points system's news (S38). */
export type OutboxChange = Change | ReminderChange | PointsNews;

export interface OutboxEntry {
  /** stable: the same for every read of this entry, in any process (UUID-shaped) */
  readonly id: string;
  readonly userId: string;
  /** the instant the change happened (epoch ms): an event's instant, or the local day start that sealed a period */
  readonly at: number;
  /** the user's version the write committed */
  readonly version: number;
  readonly change: OutboxChange;
  /** the change's streak as it stood after the write; null for a change of no streak (an achievement, points) */
  readonly streak: StreakView | null;
  readonly user: {
    readonly email: string | null;
    readonly tz: string | null;
    readonly firstSeenAt: number;
    /** the user's profile when they gave one (absent in entries written before profiles were kept) */
    readonly profile?: UserProfile;
  };
}

/** An entry as a store hands it out: with its position, what `removeOutbox` takes (opaque, store-specific). */
export interface OutboxRecord {
  readonly position: string;
  readonly entry: OutboxEntry;
}

/** A points write's news, each dated at the write's instant `at`: what follows a write's dated changes. */
export function datedNews(news: readonly PointsNews[] | undefined, at: number): DatedChange[] {
  return news === undefined ? [] : news.map((change) => ({ change, at }));
}

/** A change with the instant it happened. */
export interface DatedChange {
  readonly change: OutboxChange;
  readonly at: number;
}

/**
 * The outbox entries of `changes`, written with `user` (its version is the one committed): each
 * with the view of its rule's state in `user` after the write. `rules` are the engine's.
 */
export function outboxEntries(
  user: UserState,
  rules: readonly StreakRule[],
  changes: readonly DatedChange[],
): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const views = new Map<string, StreakView | null>();
  const contact = {
    email: user.email,
    tz: user.tz,
    firstSeenAt: user.firstSeenAt,
    ...(user.profile !== undefined ? { profile: user.profile } : {}),
  };
  for (let i = 0; i < changes.length; i++) {
    const { change, at } = changes[i] as DatedChange;
    const streak = 'streak' in change ? change.streak : null;
    let view: StreakView | null = null;
    if (streak !== null) {
      if (views.has(streak)) view = views.get(streak) ?? null;
      else {
        const rule = rules.find((r) => r.key === streak);
        const state = user.streaks[streak];
        view = rule !== undefined && state !== undefined ? viewStreak(state, rule, zoneFor(user, rule)) : null;
        views.set(streak, view);
      }
    }
    entries.push({
      id: deterministicId('outbox', user.id, user.firstSeenAt, user.version, i),
      userId: user.id,
      at,
      version: user.version,
      change,
      streak: view,
      user: contact,
    });
  }
  return entries;
}

/**
 * `changes` made by an event or an owner's action at `made`, each with the instant it happened
 * (settle.ts changeInstant): what advancing to `made` settled on the way is dated by the local day
 * that sealed it, in the zone `tz` the user had then (null: the rule's default zone).
 */
export function dateChanges(
  changes: readonly Change[],
  rules: readonly StreakRule[],
  tz: string | null,
  made: number,
): DatedChange[] {
  const dated: DatedChange[] = [];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i] as Change;
    const rule = 'streak' in change ? rules.find((r) => r.key === change.streak) : undefined;
    const at =
      rule === undefined ? made : changeInstant(change, tz === null ? rule.defaultZone : zoneOf(tz), rule, made);
    dated.push({ change, at });
  }
  return dated;
}
