/**
 * A copy of a user's points state that may be changed without touching the original. Its progress
 * is a record without a prototype, so a trigger id such as `__proto__` is a key like any other.
 */
import type { PointsState } from './points-types.js';
import { copyRecord } from '../state.js';

export function copyPointsState(state: PointsState): PointsState {
  return {
    total: state.total,
    changed: state.changed,
    seq: state.seq,
    progress: copyRecord(state.progress),
    awards: [...state.awards],
    ...(state.days === undefined ? {} : { days: { ...state.days } }),
  };
}
