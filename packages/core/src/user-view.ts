/**
 * What a read of a user shows: profile, zone, totals and the achievements completed.
 */
import { describeCompleted, type Achievement } from './achievements.js';
import type { UserView } from './engine-types.js';
import { DEFAULT_PROFILE } from './profile.js';
import { copyRecord, type UserState } from './state.js';

export function viewUser(user: UserState, achievements: readonly Achievement[]): UserView {
  const profile = user.profile ?? DEFAULT_PROFILE;
  return {
    id: user.id,
    email: user.email,
    name: profile.name,
    tz: user.tz,
    subscribeToEmails: profile.subscribeToEmails,
    deviceTokens: profile.deviceTokens === null ? null : [...profile.deviceTokens],
    attributes: { ...profile.attributes },
    firstSeenAt: new Date(user.firstSeenAt).toISOString(),
    updated: new Date(user.profile?.updatedAt ?? user.firstSeenAt).toISOString(),
    totals: copyRecord(user.totals),
    achievements: achievements
      .filter((a) => user.achievements[a.key] !== undefined)
      .map((a) => describeCompleted(a, user.achievements[a.key] as number)),
  };
}
