/**
 * S34: the `level` part of an answer: present only when the request changed the level, and then
 * the new level, or null when the total fell below every level (the key present, its value null).
 * Levels are compared by id, so an unchanged level kept under an edited threshold is no change.
 */
import type { PointsLevel } from './points-types.js';

export function levelChange(
  before: PointsLevel | null,
  after: PointsLevel | null,
): { readonly level: PointsLevel | null } | Record<string, never> {
  return (before?.id ?? null) === (after?.id ?? null) ? {} : { level: after };
}
