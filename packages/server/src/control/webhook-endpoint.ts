import { ACCOUNT_LIMITS } from '../control/limits.js';
/**
 * A webhook endpoint of an account: where its changes are posted, which of them, and the secret
 * that signs them (kept readable: it signs every delivery; shown to the owner once, at creation).
 */

/**
 * The change types an endpoint may subscribe to: the hosted service's names, and the reminder under
 * both of its names. `points.changed` is sent at most once per user and system per 15 minutes (S38).
 */
export const WEBHOOK_TYPES = [
  'streak.started',
  'streak.extended',
  'streak.lost',
  'streak.freeze_consumed',
  'streak.freeze_earned',
  'streak.reminder_due',
  'emails.streak_reminder_due',
  'achievement.completed',
  'points.changed',
  'points.level_changed',
  'points.boost_started',
  'points.boost_finished',
] as const;

export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** How many endpoints one account may have. */
export const MAX_WEBHOOKS = ACCOUNT_LIMITS['webhook endpoints'];

export interface WebhookEndpoint {
  id: string;
  url: string;
  types: WebhookType[];
  secret: string;
  enabled: boolean;
  /** why the server turned the endpoint off (it failed for too long), or null */
  disabledReason: string | null;
  /** since when every attempt to it has failed (ISO 8601), or null/absent while it answers */
  failingSince?: string | null;
  created: string;
  updated: string;
}
