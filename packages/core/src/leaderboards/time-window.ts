/**
 * S43: a board's daily window. A change counts when the user's local wall-clock time at its
 * instant is at or after the window's start and before its end; a window with only a start counts
 * from it to midnight, one with only an end from midnight to it, and one whose start is later than
 * its end wraps midnight (22:00 to 02:00). Times are written `HH:mm` or `HH:mm:ss`, 00:00 to 23:59:59.
 */
import { ConfigError } from '../errors.js';
import { shown } from '../shown.js';
import type { TimeWindow } from './leaderboard-types.js';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Milliseconds after midnight of a time of day written `HH:mm[:ss]`; a ConfigError naming `what` otherwise. */
export function parseTimeOfDay(text: unknown, what: string): number {
  const match = typeof text === 'string' ? TIME.exec(text) : null;
  if (match === null) throw new ConfigError(`${what} must be a time of day HH:mm or HH:mm:ss, got ${shown(text)}`);
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3] ?? 0)) * 1000;
}

/** `HH:mm:ss` of a time of day in ms after midnight. */
export function formatTimeOfDay(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

/** Whether a local time of day (ms after midnight) falls in `window`. */
export function isInWindow(window: TimeWindow, timeOfDay: number): boolean {
  const { from, until } = window;
  if (from === null) return until === null || timeOfDay < until;
  if (until === null) return timeOfDay >= from;
  return from < until ? timeOfDay >= from && timeOfDay < until : timeOfDay >= from || timeOfDay < until;
}
