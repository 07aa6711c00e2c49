/**
 * fast-check arbitraries for streak rules, zones and event timelines, so that users can
 * property-test their own rules the way Kindling tests its own.
 */
import fc from 'fast-check';
import type { AchievementInput, Frequency, StreakRuleInput, Weekday } from '@kindling/core';
import { WEEKDAYS } from '@kindling/core';

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

export function timeZoneArb(zones: readonly string[] = allTimeZones()): fc.Arbitrary<string> {
  return fc.constantFrom(...zones);
}

export const weekdayArb: fc.Arbitrary<Weekday> = fc.constantFrom(...WEEKDAYS);
export const frequencyArb: fc.Arbitrary<Frequency> = fc.constantFrom<Frequency>('daily', 'weekly', 'monthly');

/** Instants (epoch ms) between two years, inclusive of the first, exclusive of the last. */
export function instantArb(fromYear = 1970, toYear = 2100): fc.Arbitrary<number> {
  return fc.integer({ min: Date.UTC(fromYear, 0, 1), max: Date.UTC(toYear, 0, 1) - 1 });
}

/** `'HH:MM'`, mostly midnight. */
export const dayStartArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('00:00') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  },
);

export interface RuleArbOptions {
  /** metrics the conditions draw from (default ['lessons', 'minutes']) */
  metrics?: readonly string[];
  key?: string;
  frequencies?: readonly Frequency[];
  zones?: readonly string[];
  /** allow freezes (default true) */
  freezes?: boolean;
}

/** A valid streak rule over the given metrics. */
export function ruleArb(options: RuleArbOptions = {}): fc.Arbitrary<StreakRuleInput> {
  const metrics = options.metrics ?? ['lessons', 'minutes'];
  const freezes =
    options.freezes === false
      ? fc.constant(undefined)
      : fc.option(
          fc.integer({ min: 0, max: 5 }).chain((max) =>
            fc.record({
              initial: fc.integer({ min: 0, max }),
              max: fc.constant(max),
              earn: fc.option(
                fc.record({ every: fc.integer({ min: 1, max: 14 }), amount: fc.integer({ min: 1, max: 2 }) }),
                { nil: undefined },
              ),
            }),
          ),
          { nil: undefined },
        );
  return fc.record({
    key: fc.constant(options.key ?? 'default'),
    frequency: fc.constantFrom(...(options.frequencies ?? (['daily', 'weekly', 'monthly'] as Frequency[]))),
    weekStart: weekdayArb,
    dayStartsAt: dayStartArb,
    defaultTimeZone: timeZoneArb(options.zones ?? EDGE_ZONES),
    mode: fc.constantFrom<'all' | 'any'>('all', 'any'),
    conditions: fc
      .subarray([...metrics], { minLength: 1 })
      .chain((chosen) =>
        fc.tuple(...chosen.map((metric) => fc.integer({ min: 1, max: 4 }).map((threshold) => ({ metric, threshold })))),
      ),
    freezes,
    restoreWindow: fc.integer({ min: 0, max: 3 }),
  });
}

/** One event of a timeline; `at` is epoch ms. */
export interface TimelineEvent {
  metric: string;
  value: number;
  at: number;
  tz?: string;
}

export interface TimelineArbOptions {
  metrics?: readonly string[];
  /** zones a user may move between (default EDGE_ZONES) */
  zones?: readonly string[];
  /** first instant (default 2024-01-01T00:00Z) */
  start?: number;
  minEvents?: number;
  maxEvents?: number;
  /** allow negative and fractional values (default false: whole values 0..3) */
  anyValues?: boolean;
}

const HOUR = 3_600_000;

/**
 * A user's events in time order: gaps from minutes to weeks (most under a day, so streaks build),
 * whole values by default, and now and then a zone change.
 */
export function timelineArb(options: TimelineArbOptions = {}): fc.Arbitrary<TimelineEvent[]> {
  const metrics = options.metrics ?? ['lessons', 'minutes'];
  const zones = options.zones ?? EDGE_ZONES;
  const start = options.start ?? Date.UTC(2024, 0, 1);
  const gap = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 6 * HOUR }) },
    { weight: 6, arbitrary: fc.integer({ min: 18 * HOUR, max: 30 * HOUR }) },
    { weight: 1, arbitrary: fc.integer({ min: 2 * 24 * HOUR, max: 40 * 24 * HOUR }) },
  );
  const value = options.anyValues
    ? fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double({ min: -2, max: 5, noNaN: true, noDefaultInfinity: true }))
    : fc.integer({ min: 0, max: 3 });
  const step = fc.record({
    gap,
    metric: fc.constantFrom(...metrics),
    value,
    tz: fc.option(fc.constantFrom(...zones), { nil: undefined, freq: 6 }),
  });
  return fc
    .tuple(
      fc.constantFrom(...zones),
      fc.array(step, { minLength: options.minEvents ?? 1, maxLength: options.maxEvents ?? 40 }),
    )
    .map(([firstZone, steps]) => {
      let at = start;
      return steps.map((s, i) => {
        at += s.gap;
        const tz = i === 0 ? firstZone : s.tz;
        return { metric: s.metric, value: s.value, at, ...(tz !== undefined ? { tz } : {}) };
      });
    });
}

/** Achievements over the given metrics and the rule key. */
export function achievementsArb(
  metrics: readonly string[] = ['lessons', 'minutes'],
  streak = 'default',
): fc.Arbitrary<AchievementInput[]> {
  return fc
    .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 10 }), fc.constantFrom(...metrics))
    .map(([total, length, metric]) => [
      { key: 'total', name: `${total} ${metric}`, trigger: 'metric' as const, metric, threshold: total },
      { key: 'run', name: `${length} in a row`, trigger: 'streak' as const, length, streak },
      { key: 'manual', name: 'Completed by call', trigger: 'api' as const },
    ]);
}
