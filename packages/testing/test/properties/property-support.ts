/**
 * Shared by the engine's property tests: an independent oracle for local dates and periods (Intl
 * wall-clock parts and UTC date arithmetic, none of the core's time module), engine and state
 * helpers, and arbitraries of their own.
 */
import fc from 'fast-check';
import { createEngine, memoryStore, type Engine, type StreakRuleInput } from '@kindling/core';
import { propertyRuns, ruleArb } from '../../src/index.js';

export const RUNS = propertyRuns();
export const METRICS = ['lessons', 'minutes'] as const;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** Captured before any test patches the global Date (property S10 / clock). */
export const OriginalDate = Date;
export const originalNow = Date.now;

// ---------------------------------------------------------------------------------------------
// An independent oracle for local dates and periods (S1, S2, S3): Intl wall-clock parts and UTC
// date arithmetic, none of the core's time module.

export const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock time of instant `at` in `zone`, as if it were UTC (ms, to the second). */
export function wallClock(at: number, zone: string): number {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return OriginalDate.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

export function isoDate(utcMs: number): string {
  return new OriginalDate(utcMs - (((utcMs % DAY) + DAY) % DAY)).toISOString().slice(0, 10);
}

export function dayStartMs(dayStartsAt: string): number {
  const [h, m] = dayStartsAt.split(':').map(Number) as [number, number];
  return (h * 60 + m) * 60_000;
}

/** S1/S2: the local date of `at` in `zone` for a day that starts at `dayStartsAt`. */
export function localDateOf(at: number, zone: string, dayStartsAt = '00:00'): string {
  return isoDate(wallClock(at, zone) - dayStartMs(dayStartsAt));
}

export function addDays(date: string, days: number): string {
  return isoDate(OriginalDate.parse(`${date}T00:00:00Z`) + days * DAY);
}

export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** S3: the period holding `date` under `rule`. */
export function periodOfDate(date: string, rule: StreakRuleInput): { start: string; end: string } {
  if (rule.frequency === 'daily') return { start: date, end: date };
  if (rule.frequency === 'weekly') {
    const weekday = new OriginalDate(`${date}T00:00:00Z`).getUTCDay();
    const first = WEEKDAY_NAMES.indexOf(rule.weekStart ?? 'monday');
    const start = addDays(date, -((weekday - first + 7) % 7));
    return { start, end: addDays(start, 6) };
  }
  const start = `${date.slice(0, 7)}-01`;
  const next = addDays(start, 32).slice(0, 7);
  return { start, end: addDays(`${next}-01`, -1) };
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function engineFor(
  rule: StreakRuleInput,
  extra: { achievements?: Parameters<typeof createEngine>[0]['achievements'] } = {},
): Engine {
  return createEngine({ store: memoryStore(), streaks: [rule], metrics: [...METRICS], clock: () => 0, ...extra });
}

/** A deep, detached copy (the memory store hands out its live objects). */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}

/** Everything the store holds for a user that an event could change. */
export async function storedState(engine: Engine, userId: string, key = 'default') {
  const user = snapshot(await engine.store.load(userId));
  const history = snapshot(await engine.store.history(userId, key, -10_000_000, 10_000_000)).sort(
    (a, b) => a.period - b.period,
  );
  const journal = snapshot(await engine.store.journal(userId));
  return { user, history, journal };
}

/** A permutation of `items` given by sort keys (shrinks towards the identity). */
export function permute<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items
    .map((item, i) => ({ item, key: keys[i] ?? 0, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.item);
}

export function omit<T extends object>(value: T, keys: readonly string[]): Partial<T> {
  const copy = { ...value } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as Partial<T>;
}

/** The JSON form of a value (what a store keeps and the service sends). */
export function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Values that sum exactly in any order: multiples of 1/4, non-negative. */
export const quarterArb = fc.integer({ min: 0, max: 16 }).map((q) => q / 4);

/** A rule whose freezes are always enabled (so that owner grants are allowed). */
export const freezingRuleArb: fc.Arbitrary<StreakRuleInput> = fc
  .tuple(
    ruleArb({ freezes: false }),
    fc.integer({ min: 0, max: 8 }).chain((max) =>
      fc.record({
        initial: fc.integer({ min: 0, max }),
        max: fc.constant(max),
        earn: fc.option(fc.record({ every: fc.integer({ min: 1, max: 10 }), amount: fc.integer({ min: 1, max: 3 }) }), {
          nil: undefined,
        }),
      }),
    ),
  )
  .map(([rule, freezes]) => ({ ...rule, freezes }));

/** A delay after an event: mostly within a few periods, sometimes far (a year and more). */
export const laterArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3 * DAY }) },
  { weight: 2, arbitrary: fc.integer({ min: 3 * DAY, max: 70 * DAY }) },
  { weight: 1, arbitrary: fc.integer({ min: 70 * DAY, max: 800 * DAY }) },
);

// ---------------------------------------------------------------------------------------------
