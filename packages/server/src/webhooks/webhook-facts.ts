/**
 * From an outbox entry to the webhook deliveries it makes: which webhook type(s) the change is,
 * and each body in the hosted service's shape (webhook-payload.ts). A change with no webhook type
 * (a pause used, a streak restored) makes none; a reminder is sent under both of its names, the
 * second with an id of its own so that an endpoint subscribed to both gets both. A points system's
 * news is shown as the system is configured when it is handed on (its name, its levels by id); a
 * system gone since makes none.
 */
import { deterministicId } from '@kindling/core';
import type { OutboxEntry } from '@kindling/core/adapter';
import type { AccountRuntime } from '../engines/engines.js';
import type { WebhookType } from '../control/webhook-endpoint.js';
import { userAchievementWire } from '../wire/achievement-wire.js';
import { eventSystemWire, levelWire, pointsBaseWire } from '../wire/app-points-wire.js';
import { currentStreakWire } from '../wire/streak-wire.js';
import { userWire } from '../wire/user-wire.js';
import { type WebhookFact, webhookPayload, webhookStreak } from './webhook-payload.js';

export interface WebhookMessage {
  readonly type: WebhookType;
  /** what receivers drop a repeat by: the outbox entry's id (the reminder's second name: one derived from it) */
  readonly id: string;
  /** the JSON body, signed and sent as these bytes on every attempt */
  readonly body: string;
}

type Runtime = Pick<AccountRuntime, 'config' | 'achievementsByKey' | 'metricsByKey'>;

/** The fact of `entry`'s change under each webhook type it is sent as (none for a change no webhook reports). */
function factsOf(entry: OutboxEntry, runtime: Runtime): Array<[WebhookType, WebhookFact]> {
  const { change } = entry;
  const streak = () =>
    webhookStreak(
      currentStreakWire(
        entry.streak === null ? null : { ...entry.streak, extended: change.type === 'streak.extended' },
        runtime.config.streak,
      ),
    );
  switch (change.type) {
    case 'streak.started':
    case 'streak.extended':
      return [[change.type, { type: change.type, streak: streak() }]];
    case 'streak.lost':
      return [['streak.lost', { type: 'streak.lost', length: change.length }]];
    case 'freeze.consumed':
      return [['streak.freeze_consumed', { type: 'streak.freeze_consumed', consumed: 1, freezes: change.freezes }]];
    case 'freeze.earned':
      return [
        ['streak.freeze_earned', { type: 'streak.freeze_earned', earned: change.earned, freezes: change.freezes }],
      ];
    case 'streak.reminder_due':
      return [
        ['streak.reminder_due', { type: 'streak.reminder_due', streak: streak() }],
        ['emails.streak_reminder_due', { type: 'emails.streak_reminder_due', streak: streak() }],
      ];
    case 'achievement.completed': {
      const def = runtime.achievementsByKey.get(change.achievement);
      if (def === undefined) return [];
      const achievement = userAchievementWire(def, runtime, new Date(entry.at).toISOString());
      return [['achievement.completed', { type: 'achievement.completed', achievement }]];
    }
    case 'points.changed': {
      const def = runtime.config.points?.find((system) => system.key === change.system);
      if (def === undefined) return [];
      const { type: _type, system: _system, ...moved } = change;
      return [
        ['points.changed', { type: 'points.changed', points: eventSystemWire(moved, def, runtime.config, entry.at) }],
      ];
    }
    case 'points.level_changed': {
      const def = runtime.config.points?.find((system) => system.key === change.system);
      if (def === undefined) return [];
      return [
        [
          'points.level_changed',
          {
            type: 'points.level_changed',
            points: { ...pointsBaseWire(def), total: change.total },
            previousLevel: levelWire(change.previousLevel, def),
            newLevel: levelWire(change.newLevel, def),
          },
        ],
      ];
    }
    default:
      return [];
  }
}

/** The messages `entry` makes for an endpoint subscribed to `types`. */
export function webhookMessages(
  entry: OutboxEntry,
  runtime: Runtime,
  types: ReadonlySet<WebhookType>,
): WebhookMessage[] {
  const messages: WebhookMessage[] = [];
  const profile = entry.user.profile;
  const user = userWire({
    id: entry.userId,
    email: entry.user.email,
    name: profile?.name ?? null,
    tz: entry.user.tz,
    subscribeToEmails: profile?.subscribeToEmails ?? true,
    deviceTokens: profile?.deviceTokens == null ? null : [...profile.deviceTokens],
    attributes: { ...profile?.attributes },
    firstSeenAt: new Date(entry.user.firstSeenAt).toISOString(),
    updated: new Date(profile?.updatedAt ?? entry.user.firstSeenAt).toISOString(),
    totals: {},
  });
  for (const [type, fact] of factsOf(entry, runtime)) {
    if (!types.has(type)) continue;
    const id = type === 'emails.streak_reminder_due' ? deterministicId('emails', entry.id) : entry.id;
    messages.push({ type, id, body: JSON.stringify(webhookPayload(id, entry.at, user, fact)) });
  }
  return messages;
}
