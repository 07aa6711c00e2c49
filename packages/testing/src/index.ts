/**
 * `@kindling/testing`: fast-check arbitraries, invariant checks and the number of runs a property
 * gets. Needs fast-check and no test runner; the conformance suites, which need vitest, are the
 * `@kindling/testing/conformance` entry (`conformance.ts`).
 */
export {
  allTimeZones,
  EDGE_ZONES,
  timeZoneArb,
  weekdayArb,
  frequencyArb,
  instantArb,
  dayStartArb,
  ruleArb,
  timelineArb,
  achievementsArb,
} from './arbitraries.js';
export type { RuleArbOptions, TimelineArbOptions, TimelineEvent } from './arbitraries.js';
export { streakViolations, assertStreakInvariants, recordTimeline } from './invariants.js';
export { propertyRuns } from './runs.js';
