/**
 * `@kindling/core/internal`: the engine's inner steps that the repository's tests, property
 * checks and benches drive directly (the reducer, settlement, reminders, replay, placement of an
 * instant). NO SEMVER PROMISE: any name here may change or go in any release; an embedder uses
 * the root entry and a store author `@kindling/core/adapter`.
 */
export { reduceEvent, newUser } from './reduce.js';
export type { EventInput, EventReduction, Model } from './reduce.js';
export { settleUser, changeInstant } from './settle.js';
export type { Settlement, SettledChange } from './settle.js';
export { remindersDue, remindUser } from './reminders.js';
export type { ReminderDue } from './reminders.js';
export { describeEvent } from './response.js';
export { replayEvents } from './replay.js';
export { restoreStreak } from './restore.js';
export { placeInstant, zoneOf } from './time/local-date.js';
export { parseAchievements } from './achievements.js';
