/**
 * Who points are evaluated for: the user's id, attributes (after the request's own changes), zone
 * and the instant they were first seen. Boosts, attribute filters and time triggers read it.
 */
import type { AttributeFilter } from './points-types.js';
import type { ZoneOffsets } from '../time/zone-offsets.js';

export interface PointsUser {
  readonly id: string;
  readonly attributes: AttributeFilter;
  readonly zone: ZoneOffsets;
  /** the instant the user was first seen: time triggers pay the boundaries after it (S33) */
  readonly createdAt: number;
}
