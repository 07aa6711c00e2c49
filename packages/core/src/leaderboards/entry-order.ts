/**
 * S45, S46: how a run-group ranks its participants, and what a reader sees of it. Ranks are
 * distinct, 1 to N: a greater value first; among equal values, whoever reached their value first
 * (the instant the engine committed the change that set it), then the smaller user id. The instant
 * comes with the user's committed standing, so every store, a projection applied twice or out of
 * order, and a ranking rebuilt from the users' standings all give the same ranks. The visible board
 * is the first `maxParticipants` of that order: a rank beyond it reads as none, and the threshold
 * to enter a full board is the least whole number above the value at its last visible rank.
 */
import type { BoardEntry } from './leaderboard-types.js';

/** Negative when `a` ranks before `b` (S45). */
export function compareEntries(a: BoardEntry, b: BoardEntry): number {
  if (a.value !== b.value) return a.value > b.value ? -1 : 1;
  if (a.reachedAt !== b.reachedAt) return a.reachedAt - b.reachedAt;
  return a.user < b.user ? -1 : a.user > b.user ? 1 : 0;
}

/** A rank as a reader sees it: itself within the cut, none beyond it (S46). */
export function visibleRank(rank: number | null, maxParticipants: number): number | null {
  return rank !== null && rank <= maxParticipants ? rank : null;
}

/**
 * The least value that enters a run-group holding `count` participants, whose value at rank
 * `maxParticipants` is `lowest` (S46): 0 while the board has room, else the least whole number
 * above the lowest visible value.
 */
export function thresholdOf(count: number, maxParticipants: number, lowest: number | undefined): number {
  if (count < maxParticipants || lowest === undefined) return 0;
  return Math.floor(lowest) + 1;
}
