/**
 * Small helpers shared by the core's example tests (kept out of src/, which is what the package ships).
 */
import { createEngine } from '../src/engine.js';
import { memoryStore } from '../src/memory-store.js';
import type { StreakRuleInput } from '../src/rules.js';

/** The error `fn` throws (fails the test when it throws nothing). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error, nothing was thrown');
}

export const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** An engine on a fresh memory store with one daily rule over `lessons`, changed by `rule`. */
export function dailyEngine(rule: Partial<StreakRuleInput> = {}) {
  return createEngine({
    store: memoryStore(),
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }], ...rule }],
    clock: () => 0,
  });
}

/** Meet user `u`'s daily condition at noon UTC on each of `days`. */
export async function extendOn(engine: ReturnType<typeof dailyEngine>, days: string[]) {
  for (const day of days) await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon(day), tz: 'UTC' });
}
