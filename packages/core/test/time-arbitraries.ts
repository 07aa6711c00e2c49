/**
 * What the time module's property tests need besides fast-check: how many runs, the zones to draw
 * from, instants, weekdays and frequencies. The same as @kindling/testing's; the core's own tests
 * cannot use that kit, which depends on the core (the kit's engine-level properties live there).
 */
import fc from 'fast-check';
import { WEEKDAYS, type Weekday } from '../src/time/calendar.js';
import type { Frequency } from '../src/time/period.js';

/**
 * How many runs a property gets: `KINDLING_PROPERTY_RUNS` when set, 1,000 by default, and never
 * fewer than 1,000 under CI (as the kit's `propertyRuns`).
 */
export function propertyRuns(defaultRuns = 1000): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const requested = Number(env.KINDLING_PROPERTY_RUNS ?? defaultRuns);
  const runs = Number.isInteger(requested) && requested >= 1 ? requested : defaultRuns;
  return env.CI ? Math.max(1000, runs) : runs;
}

/** Every zone the runtime's Intl knows, plus UTC. */
export function allTimeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
}

/** Zones that exercise the edges: DST in both hemispheres, UTC-12 and UTC+14, half and quarter hours, a skipped date. */
export const EDGE_ZONES: readonly string[] = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Pacific/Apia',
  'Pacific/Chatham',
  'America/Santiago',
  'Europe/London',
  'America/St_Johns',
];

export const weekdayArb: fc.Arbitrary<Weekday> = fc.constantFrom(...WEEKDAYS);
export const frequencyArb: fc.Arbitrary<Frequency> = fc.constantFrom<Frequency>('daily', 'weekly', 'monthly');

/** Instants (epoch ms) between two years, inclusive of the first, exclusive of the last. */
export function instantArb(fromYear = 1970, toYear = 2100): fc.Arbitrary<number> {
  return fc.integer({ min: Date.UTC(fromYear, 0, 1), max: Date.UTC(toYear, 0, 1) - 1 });
}
