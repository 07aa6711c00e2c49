/**
 * What one event did that points triggers pay for (S29..S32): the user it created, the metric and
 * the attributes it carried, the achievements it completed live, the streaks it extended (each with
 * its length after and the local day its run started). A late event (S4) rebuilds the user, and a
 * rebuild pays no streak or achievement trigger (S30, S32): its metric alone counts.
 */
import { emptyRecord } from './keys.js';
import type { EventInput, EventReduction } from './reduce.js';
import type { PointsHappenings, StreakExtension } from './points/evaluate-points.js';

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(emptyRecord<string>());

/** The metric part of an event's happenings: all a late event pays for. */
export function metricHappenings(event: EventInput): PointsHappenings {
  return { metrics: [{ metric: event.metric, value: event.value, attributes: event.attributes ?? NO_ATTRIBUTES }] };
}

/** Everything a live event did; `created`: it made the user. */
export function eventHappenings(reduction: EventReduction, event: EventInput, created: boolean): PointsHappenings {
  const extensions: StreakExtension[] = [];
  for (const key of reduction.extended) {
    const state = reduction.user.streaks[key];
    if (state !== undefined && state.started !== null)
      extensions.push({ streak: key, length: state.length, run: state.started });
  }
  return {
    userCreated: created,
    metrics: metricHappenings(event).metrics,
    achievements: reduction.achievements.map((achievement) => achievement.key),
    extensions,
  };
}
