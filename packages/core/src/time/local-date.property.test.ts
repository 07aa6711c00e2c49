/**
 * Properties of local dates (S1) and day starts (S2), checked against an independent oracle:
 * the Temporal polyfill, which shares no code with local-date.ts / zone-offsets.ts (it reads the
 * same zone database through Intl, but does its own arithmetic and its own transition search).
 */
import { Temporal } from '@js-temporal/polyfill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allTimeZones, EDGE_ZONES, instantArb, propertyRuns } from '../../test/time-arbitraries.js';
import { dayExists, dayStartInstant, localDate, parseDayStart, placeInstant, zoneOf } from './local-date.js';

/** Runs of the big properties: KINDLING_PROPERTY_RUNS, default 1000, never fewer than 1000 in CI. */
const RUNS = propertyRuns();
/** Runs per zone of the sweeps over every zone (about 420 zones). */
const SWEEP_RUNS = 100;
const TRANSITION_SWEEP_RUNS = 20;

const DAY = 86_400_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Every zone Intl knows (plus UTC), and the edge zones (Etc/GMT+12 is not in Intl.supportedValuesOf). */
const ZONES: readonly string[] = [...new Set([...allTimeZones(), ...EDGE_ZONES])].sort();

/** Instants around a transition: the transition itself, ±1 ms, ±1 s, ±30 min, ±1 h. */
const AROUND = [0, 1, -1, 1000, -1000, 30 * MINUTE, -30 * MINUTE, HOUR, -HOUR] as const;

const iso = (t: number): string => new Date(t).toISOString();

/**
 * The Temporal date of the local wall-clock time minus the day start: the literal reading of S1 and
 * S2, which `placedDate` keeps from going back where clocks fall back. (Wall-clock arithmetic on
 * purpose: "an event before that local time counts for the previous date" compares local times, so
 * 03:30 EDT on a spring-forward day is before a 04:00 day start although 3.5 h have not passed.)
 */
function temporalDateWithDayStart(t: number, zone: string, minutes: number): string {
  return Temporal.Instant.fromEpochMilliseconds(t)
    .toZonedDateTimeISO(zone)
    .toPlainDateTime()
    .subtract({ minutes })
    .toPlainDate()
    .toString();
}

/** The local wall-clock time of instant t in zone (Temporal). */
function wallAt(t: number, zone: string): Temporal.PlainDateTime {
  return Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(zone).toPlainDateTime();
}

/**
 * Oracle of the first instant of `date` when the day starts `minutes` after midnight: the first
 * instant whose local wall time is at or after that time of that date. When the wall time exists
 * it is the earlier of its instants (Temporal's 'earlier' disambiguation); when the zone skipped it,
 * the instant the clocks jumped over it, found by bisecting between Temporal's 'earlier' and 'later'
 * instants. (Not with getTimeZoneTransition, nor startOfDay, which relies on it: polyfill 0.5.1 looks
 * for transitions in steps of two weeks and misses offset changes that are undone within them, such
 * as America/Fortaleza's DST of 2000-10-08 .. 2000-10-22 or the Ramadan breaks of Asia/Gaza.)
 */
function temporalDayStart(date: Temporal.PlainDate, zone: string, minutes: number): number {
  const wall = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  const earlier = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
  if (Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), wall) === 0) return earlier.epochMilliseconds;
  let lo = earlier.epochMilliseconds;
  let hi = wall.toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
  const reached = (t: number) => Temporal.PlainDateTime.compare(wallAt(t, zone), wall) >= 0;
  if (reached(lo) || !reached(hi)) throw new Error(`oracle: cannot bracket the gap over ${wall.toString()} in ${zone}`);
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (reached(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Epoch day of a Temporal date (years >= 100, so Date.UTC reads the year literally). */
const epochDay = (date: Temporal.PlainDate): number => Date.UTC(date.year, date.month - 1, date.day) / DAY;

/**
 * Oracle of S1 and S2 together: the latest date whose start (`temporalDayStart`: the first instant
 * whose wall time reaches the day start) has come by instant t. That is the Temporal date of the
 * wall time minus the day start, except where clocks fell back over a day start: the date that
 * had begun is not left in the repeated stretch (London's 25 October 2026 with days starting at
 * 01:30: 01:10 GMT comes after the first 01:30 and counts on the 25th).
 */
function placedDate(t: number, zone: string, minutes: number): string {
  let date = Temporal.PlainDate.from(temporalDateWithDayStart(t, zone, minutes));
  while (temporalDayStart(date.add({ days: 1 }), zone, minutes) <= t) date = date.add({ days: 1 });
  return date.toString();
}

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Any day start from 00:00 to 23:59, in minutes after midnight. */
const dayStartMinutesArb = fc.integer({ min: 0, max: 24 * 60 - 1 });

const lastTransitions = new Map<string, number | null>();

/** The last offset transition of `zone` before 2100 (Temporal), or null when the zone never had one. */
function lastTransition(zone: string): number | null {
  let last = lastTransitions.get(zone);
  if (last === undefined) {
    const found = Temporal.Instant.fromEpochMilliseconds(Date.UTC(2100, 0, 1))
      .toZonedDateTimeISO(zone)
      .getTimeZoneTransition('previous');
    last = found === null ? null : found.epochMilliseconds;
    lastTransitions.set(zone, last);
  }
  return last;
}

/**
 * A real transition of `zone` found by Temporal from instant t: the next one, or the zone's last one when
 * none follows. (The polyfill skips offset changes undone within two weeks, so those are never drawn here;
 * that narrows what is drawn, not what is checked: every check compares with instant-to-wall conversions.)
 */
function transitionFrom(t: number, zone: string): number | null {
  const last = lastTransition(zone);
  if (last === null) return null;
  if (t >= last) return last;
  const next = Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(zone).getTimeZoneTransition('next');
  return next === null ? last : next.epochMilliseconds;
}

/** A day start `shift` minutes from the wall time just before `transition` (in the gap or the repeated hour, or beside them). */
function dayStartNear(transition: number, zone: string, shift: number): number {
  const before = Temporal.Instant.fromEpochMilliseconds(transition - 1).toZonedDateTimeISO(zone);
  return (((before.hour * 60 + before.minute + shift) % 1440) + 1440) % 1440;
}

describe('S1: localDate agrees with Temporal', () => {
  it('S1: localDate agrees with Temporal for any instant 1970–2100 in any zone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), (zone, t) => {
        expect(localDate(t, zone), `${iso(t)} in ${zone}`).toBe(placedDate(t, zone, 0));
      }),
      { numRuns: RUNS },
    );
  });

  it(`S1: localDate agrees with Temporal in every one of the ${ZONES.length} zones (sweep, ${SWEEP_RUNS} instants 1970–2100 each)`, () => {
    for (const zone of ZONES) {
      fc.assert(
        fc.property(fc.constant(zone), instantArb(), (z, t) => {
          expect(localDate(t, z), `${iso(t)} in ${z}`).toBe(placedDate(t, z, 0));
        }),
        { numRuns: SWEEP_RUNS },
      );
    }
  });

  it('S1: localDate agrees with Temporal at a real DST or offset transition, ±1 ms, ±1 s, ±30 min and ±1 h, in any zone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), (zone, t) => {
        const transition = transitionFrom(t, zone);
        fc.pre(transition !== null);
        for (const delta of AROUND) {
          const u = transition + delta;
          expect(localDate(u, zone), `${iso(u)} in ${zone} (transition ${iso(transition)})`).toBe(
            placedDate(u, zone, 0),
          );
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(`S1: localDate agrees with Temporal around real transitions in every zone (sweep, ${TRANSITION_SWEEP_RUNS} transitions each)`, () => {
    for (const zone of ZONES) {
      if (lastTransition(zone) === null) continue; // no transition ever (UTC, Etc/GMT+12): covered by the sweep above
      fc.assert(
        fc.property(fc.constant(zone), instantArb(), (z, t) => {
          const transition = transitionFrom(t, z);
          if (transition === null) throw new Error(`${z} lost its transitions`);
          for (const delta of AROUND) {
            const u = transition + delta;
            expect(localDate(u, z), `${iso(u)} in ${z} (transition ${iso(transition)})`).toBe(placedDate(u, z, 0));
          }
        }),
        { numRuns: TRANSITION_SWEEP_RUNS },
      );
    }
  });
});

describe('S2: dayStartsAt moves the start of the local date', () => {
  it('S2: with any dayStartsAt, localDate is the Temporal date of the local time minus the day start, for any instant in any zone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), dayStartMinutesArb, (zone, t, minutes) => {
        expect(localDate(t, zone, hhmm(minutes)), `${iso(t)} in ${zone} from ${hhmm(minutes)}`).toBe(
          placedDate(t, zone, minutes),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('S2: with any dayStartsAt, localDate agrees with Temporal around real transitions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), dayStartMinutesArb, (zone, t, minutes) => {
        const transition = transitionFrom(t, zone);
        fc.pre(transition !== null);
        for (const delta of AROUND) {
          const u = transition + delta;
          expect(localDate(u, zone, hhmm(minutes)), `${iso(u)} in ${zone} from ${hhmm(minutes)}`).toBe(
            placedDate(u, zone, minutes),
          );
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('S2: with a day start at or near the wall time of a real transition, localDate agrees with Temporal on both sides of it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), fc.integer({ min: -90, max: 90 }), (zone, t, shift) => {
        const transition = transitionFrom(t, zone);
        fc.pre(transition !== null);
        const minutes = dayStartNear(transition, zone, shift);
        for (const delta of AROUND) {
          const u = transition + delta;
          expect(localDate(u, zone, hhmm(minutes)), `${iso(u)} in ${zone} from ${hhmm(minutes)}`).toBe(
            placedDate(u, zone, minutes),
          );
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('S2: the date an instant falls on never goes back', () => {
  it('S2: around a real transition, with any dayStartsAt, a later instant never falls on an earlier date, and a date begins at dayStartInstant', () => {
    const ordered = [...AROUND].sort((x, y) => x - y);
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), fc.integer({ min: -90, max: 90 }), (zone, t, shift) => {
        const transition = transitionFrom(t, zone);
        fc.pre(transition !== null);
        const minutes = dayStartNear(transition, zone, shift);
        const dayStart = parseDayStart(hhmm(minutes));
        const tz = zoneOf(zone);
        let previous = Number.NEGATIVE_INFINITY;
        for (const delta of ordered) {
          const u = transition + delta;
          const day = placeInstant(u, tz, dayStart);
          expect(day, `${iso(u)} in ${zone} from ${hhmm(minutes)}`).toBeGreaterThanOrEqual(previous);
          previous = day;
          const start = dayStartInstant(day, tz, dayStart);
          expect(start, `${iso(u)} in ${zone} from ${hhmm(minutes)}: its date begins by then`).toBeLessThanOrEqual(u);
          expect(
            placeInstant(start - 1, tz, dayStart),
            `${iso(start)} in ${zone}: the date before ends there`,
          ).toBeLessThan(day);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

/** A date 1970–2099: uniform, or the local date (±1) of a real transition of the zone. */
function dateArb(zone: fc.Arbitrary<string>) {
  return fc
    .tuple(zone, instantArb(), fc.boolean(), fc.integer({ min: -1, max: 1 }))
    .map(([z, t, nearTransition, k]) => {
      const transition = nearTransition ? transitionFrom(t, z) : null;
      const anchor = transition ?? t;
      const date = Temporal.Instant.fromEpochMilliseconds(anchor).toZonedDateTimeISO(z).toPlainDate().add({ days: k });
      return { zone: z, date };
    });
}

/**
 * Temporal's startOfDay; where midnight was skipped, the bisecting oracle instead (see
 * temporalDayStart for why). Whether midnight exists is read with the 'earlier' disambiguation:
 * the polyfill throws a TypeError converting a skipped midnight with the default one
 * (America/Boa_Vista, 2000-10-08, a summer time of one week), so it is never asked to.
 */
function startOfDay(date: Temporal.PlainDate, zone: string): number {
  const midnight = date.toPlainDateTime();
  const earlier = midnight.toZonedDateTime(zone, { disambiguation: 'earlier' });
  const midnightExists = Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), midnight) === 0;
  return midnightExists ? earlier.startOfDay().epochMilliseconds : temporalDayStart(date, zone, 0);
}

describe('S1/S2: dayStartInstant and dayExists agree with Temporal', () => {
  it('S1: a date whose midnight was skipped starts at the first instant after the gap (America/Boa_Vista, 2000-10-08)', () => {
    const date = Temporal.PlainDate.from('2000-10-08');
    // clocks went from 00:00 −04:00 to 01:00 −03:00, for one week
    expect(iso(startOfDay(date, 'America/Boa_Vista'))).toBe('2000-10-08T04:00:00.000Z');
    expect(iso(dayStartInstant(epochDay(date), zoneOf('America/Boa_Vista'), 0))).toBe('2000-10-08T04:00:00.000Z');
    expect(iso(startOfDay(date.add({ days: 7 }), 'America/Boa_Vista'))).toBe('2000-10-15T04:00:00.000Z');
  });

  it('S1: dayStartInstant(day, zone, 0) is Temporal’s start of day, and the date ends (expiresAt) at the next date’s, for any date in any zone', () => {
    fc.assert(
      fc.property(dateArb(fc.constantFrom(...ZONES)), ({ zone, date }) => {
        const tz = zoneOf(zone);
        const day = epochDay(date);
        const start = startOfDay(date, zone);
        const end = startOfDay(date.add({ days: 1 }), zone);
        expect(iso(dayStartInstant(day, tz, 0)), `start of ${date.toString()} in ${zone}`).toBe(iso(start));
        expect(iso(dayStartInstant(day + 1, tz, 0)), `end of ${date.toString()} in ${zone}`).toBe(iso(end));
      }),
      { numRuns: RUNS },
    );
  });

  it('S1, S5: dayExists is true exactly when the first instant at or after the date’s midnight (Temporal) lies on that date, for any date in any zone', () => {
    fc.assert(
      fc.property(dateArb(fc.constantFrom(...ZONES)), ({ zone, date }) => {
        const exists = wallAt(temporalDayStart(date, zone, 0), zone)
          .toPlainDate()
          .equals(date);
        expect(dayExists(epochDay(date), zoneOf(zone), 0), `${date.toString()} in ${zone}`).toBe(exists);
      }),
      { numRuns: RUNS },
    );
  });

  it('S2: dayStartInstant with any dayStartsAt is the first instant at or after that wall time (Temporal), for any date in any zone', () => {
    fc.assert(
      fc.property(dateArb(fc.constantFrom(...ZONES)), dayStartMinutesArb, ({ zone, date }, minutes) => {
        const expected = temporalDayStart(date, zone, minutes);
        const got = dayStartInstant(epochDay(date), zoneOf(zone), parseDayStart(hhmm(minutes)));
        expect(iso(got), `${date.toString()} ${hhmm(minutes)} in ${zone}`).toBe(iso(expected));
      }),
      { numRuns: RUNS },
    );
  });

  /** dayStartInstant against Temporal for a day start near the wall time just before the transition found from t. */
  function checkDayStartNearTransition(zone: string, t: number, shift: number): void {
    const transition = transitionFrom(t, zone);
    if (transition === null) return;
    // The wall time just before the transition, shifted: a day start inside the gap or the repeated hour.
    const wall = Temporal.Instant.fromEpochMilliseconds(transition - 1)
      .toZonedDateTimeISO(zone)
      .toPlainDateTime()
      .add({ minutes: shift });
    const date = wall.toPlainDate();
    const minutes = wall.hour * 60 + wall.minute;
    const expected = temporalDayStart(date, zone, minutes);
    const got = dayStartInstant(epochDay(date), zoneOf(zone), parseDayStart(hhmm(minutes)));
    expect(iso(got), `${date.toString()} ${hhmm(minutes)} in ${zone} (transition ${iso(transition)})`).toBe(
      iso(expected),
    );
  }

  it('S2: dayStartInstant with a day start at or near the wall time of a real transition agrees with Temporal', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instantArb(), fc.integer({ min: -90, max: 90 }), (zone, t, shift) => {
        fc.pre(lastTransition(zone) !== null);
        checkDayStartNearTransition(zone, t, shift);
      }),
      { numRuns: RUNS },
    );
  });

  it(`S2: dayStartInstant agrees with Temporal for day starts around real transitions in every zone (sweep, ${TRANSITION_SWEEP_RUNS} each)`, () => {
    for (const zone of ZONES) {
      if (lastTransition(zone) === null) continue;
      fc.assert(
        fc.property(fc.constant(zone), instantArb(), fc.integer({ min: -90, max: 90 }), checkDayStartNearTransition),
        { numRuns: TRANSITION_SWEEP_RUNS },
      );
    }
  });
});
