/**
 * `@kindling/testing/conformance`: the suites a `Store`, `ControlKV` or `DeliveryQueue`
 * implementation runs in its own tests. They declare vitest suites (`describe`, `it`), so this
 * entry imports vitest, an optional peer that only its users install; the main entry (arbitraries,
 * invariants, runs) loads without any test runner.
 */
export { describeStoreConformance } from './conformance/index.js';
export type { ConformanceOptions } from './conformance/index.js';
export { describeControlKVConformance } from './conformance/control-kv.js';
export { describeDeliveryQueueConformance } from './conformance/delivery-queue.js';
