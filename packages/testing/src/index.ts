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
export { describeStoreConformance } from './conformance/index.js';
export type { ConformanceOptions } from './conformance/index.js';
export { describeControlKVConformance } from './conformance/control-kv.js';
export { describeDeliveryQueueConformance } from './conformance/delivery-queue.js';
