/**
 * S20: folding an event log from nothing. The engine keeps the same state incrementally; this is the
 * reference it must equal, whatever store holds it and whatever reads happen in between.
 */
import { stamp, stampOf } from './fingerprint.js';
import { reduceEvent, type EventInput, type Model } from './reduce.js';
import type { HistoryEntry, UserState } from './state.js';

export interface Replayed {
  user: UserState | null;
  /** held periods, the last word for each (streak, period) */
  history: HistoryEntry[];
}

export function replayEvents(events: readonly EventInput[], model: Model): Replayed {
  let user: UserState | null = null;
  const held = new Map<string, HistoryEntry>();
  for (const event of events) {
    const reduction = reduceEvent(user, event, model);
    user = reduction.user;
    for (const entry of reduction.history) held.set(`${entry.streak}\u0000${entry.period}`, entry);
  }
  // Stamped as the engine stamps what it writes: a state made under these rules (S20).
  if (user !== null) stamp(user, stampOf(model));
  return { user, history: [...held.values()] };
}
