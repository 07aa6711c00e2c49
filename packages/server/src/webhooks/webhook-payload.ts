/**
 * The bodies of webhook deliveries, in the hosted service's shapes for the types it has (its SDK's
 * serializers read them), each with two keys of Kindling's own: `id`, the same in the
 * `webhook-id` header and in every attempt of the delivery, for receivers to drop one they have
 * handled, and `timestamp`, when the change happened (not when it was sent).
 */
import type { UserAchievementWire } from '../wire/achievement-wire.js';
import type { appPointsLevelWire, eventSystemWire, pointsBaseWire } from '../wire/app-points-wire.js';
import type { CurrentStreakWire } from '../wire/streak-wire.js';
import type { UserWire } from '../wire/user-wire.js';

/** The streak as the hosted service's webhooks show it (its BaseStreakResponse). */
export interface WebhookStreak {
  length: number;
  frequency: CurrentStreakWire['frequency'];
  started: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  expires: string | null;
  freezes?: number;
  maxFreezes?: number;
  freezeAutoEarnInterval?: number;
  freezeAutoEarnAmount?: number;
}

/** A level as the hosted service's points webhooks show it (its PointsLevel). */
export type WebhookLevel = ReturnType<typeof appPointsLevelWire>;

/** What happened, by type: the fields each type's body carries besides the user. */
export type WebhookFact =
  | { type: 'streak.started' | 'streak.extended'; streak: WebhookStreak }
  | { type: 'streak.lost'; length: number }
  | { type: 'streak.freeze_consumed'; consumed: number; freezes: number }
  | { type: 'streak.freeze_earned'; earned: number; freezes: number }
  | { type: 'streak.reminder_due' | 'emails.streak_reminder_due'; streak: WebhookStreak }
  | { type: 'achievement.completed'; achievement: UserAchievementWire }
  | { type: 'points.changed'; points: ReturnType<typeof eventSystemWire> }
  | {
      type: 'points.level_changed';
      points: ReturnType<typeof pointsBaseWire> & { total: number };
      previousLevel: WebhookLevel | null;
      newLevel: WebhookLevel | null;
    };

/** The user as the hosted service's webhooks show it: its User, without Kindling's `totals`. */
export type WebhookUser = Omit<UserWire, 'totals'>;

export type WebhookPayload = WebhookFact & { id: string; timestamp: string; user: WebhookUser };

/** A streak from an event answer's `currentStreak`, without the answer's own `extended` flag. */
export function webhookStreak(current: CurrentStreakWire): WebhookStreak {
  const { extended: _extended, ...streak } = current;
  return streak;
}

/** The body of a delivery of `fact`, which happened at `at` (epoch ms) to `user`. */
export function webhookPayload(id: string, at: number, user: UserWire, fact: WebhookFact): WebhookPayload {
  const { totals: _totals, ...shown } = user;
  return { id, timestamp: new Date(at).toISOString(), ...fact, user: shown };
}
