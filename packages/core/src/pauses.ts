/**
 * Pauses (S13): owner-created ranges of local dates during which a missed period does not cost the
 * streak (S11). A pause may not start before the user's current local date.
 */
import { InvalidInputError, NotFoundError } from './errors.js';
import type { Pause, StreakState } from './state.js';
import { formatDay } from './time/calendar.js';

export interface PauseView {
  id: string;
  start: string;
  end: string;
}

export function viewPause(pause: Pause): PauseView {
  return { id: pause.id, start: formatDay(pause.start), end: formatDay(pause.end) };
}

/** The most pauses a streak holds at once, to come or under way. */
export const MAX_PAUSES = 100;

/** Add a pause to `state` (a copy the caller owns, advanced to the user's today). */
export function addPause(state: StreakState, pause: Pause): void {
  if (pause.end < pause.start) {
    throw new InvalidInputError(
      'INVALID_DATE',
      `a pause must end on or after its start: ${formatDay(pause.start)} to ${formatDay(pause.end)}`,
    );
  }
  if (pause.start < state.day) {
    throw new InvalidInputError(
      'INVALID_DATE',
      `a pause cannot start in the past: ${formatDay(pause.start)} is before the user's local date ${formatDay(state.day)}`,
    );
  }
  // every read of the streak lists the pauses to come (past ones are dropped as the streak moves on)
  if (state.pauses.length >= MAX_PAUSES)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `a streak holds at most ${MAX_PAUSES} pauses to come or under way: delete one first, or wait for one to end`,
    );
  state.pauses = [...state.pauses, pause].sort((a, b) => a.start - b.start);
}

/** Remove a pause by id; an unknown id is a NotFoundError. */
export function removePause(state: StreakState, id: string): void {
  if (!state.pauses.some((pause) => pause.id === id))
    throw new NotFoundError('UNKNOWN_PAUSE', `no pause with id "${id}" for this user`);
  state.pauses = state.pauses.filter((pause) => pause.id !== id);
}
