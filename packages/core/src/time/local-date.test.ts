/**
 * Local dates (S1) and day starts (S2) on the days where time zones misbehave. Every expected value
 * was worked out by hand from the zone's rules (and checked once against Temporal); none is computed
 * by the code under test.
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/example-helpers.js';
import { InvalidInputError } from '../errors.js';
import { parseDay } from './calendar.js';
import {
  canonicalTimeZone,
  dayExists,
  dayStartInstant,
  isTimeZone,
  localDate,
  localDateStart,
  parseDayStart,
  placeInstant,
  toInstant,
  zoneOf,
} from './local-date.js';

/** An instant written in UTC, e.g. at('2024-03-10T04:59Z'). */
const at = (iso: string): number => {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) throw new Error(`bad test instant ${iso}`);
  return t;
};

/** The first instant of local date `date` in `zone`, as an ISO string. */
function dayStart(date: string, zone: string, dayStartsAt = '00:00'): string {
  return new Date(dayStartInstant(parseDay(date), zoneOf(zone), parseDayStart(dayStartsAt))).toISOString();
}

/** The instant local date `date` ends in `zone` (what expiresAt shows): the start of the next date. */
function dayEnd(date: string, zone: string, dayStartsAt = '00:00'): string {
  return new Date(dayStartInstant(parseDay(date) + 1, zoneOf(zone), parseDayStart(dayStartsAt))).toISOString();
}

function exists(date: string, zone: string, dayStartsAt = '00:00'): boolean {
  return dayExists(parseDay(date), zoneOf(zone), parseDayStart(dayStartsAt));
}

describe('America/New_York, spring forward on 2024-03-10 (02:00 EST -> 03:00 EDT, at 07:00Z)', () => {
  const NY = 'America/New_York';

  it('places 23:59 and 00:00 of the spring-forward day in America/New_York on their own dates (S1)', () => {
    expect(localDate(at('2024-03-10T04:59:00Z'), NY)).toBe('2024-03-09'); // 23:59 EST
    expect(localDate(at('2024-03-10T04:59:59.999Z'), NY)).toBe('2024-03-09');
    expect(localDate(at('2024-03-10T05:00:00Z'), NY)).toBe('2024-03-10'); // 00:00 EST
  });

  it('keeps the last instant before the jump and the jump itself on 2024-03-10 (S1)', () => {
    expect(localDate(at('2024-03-10T06:59:59.999Z'), NY)).toBe('2024-03-10'); // 01:59:59.999 EST
    expect(localDate(at('2024-03-10T07:00:00Z'), NY)).toBe('2024-03-10'); // 03:00 EDT
    expect(localDate(at('2024-03-10T07:30:00Z'), NY)).toBe('2024-03-10'); // 03:30 EDT
  });

  it('ends the 23-hour day 2024-03-10 at 00:00 EDT of 2024-03-11, not 24 hours after it began (S1)', () => {
    expect(localDate(at('2024-03-11T03:59:59.999Z'), NY)).toBe('2024-03-10'); // 23:59:59.999 EDT
    expect(localDate(at('2024-03-11T04:00:00Z'), NY)).toBe('2024-03-11'); // 00:00 EDT
    expect(localDate(at('2024-03-11T04:30:00Z'), NY)).toBe('2024-03-11'); // 24 h after 00:30 EST would still say 03-10
  });

  it('starts 2024-03-10 at 05:00Z and ends it (expiresAt) at 04:00Z the next day (S1)', () => {
    expect(dayStart('2024-03-10', NY)).toBe('2024-03-10T05:00:00.000Z');
    expect(dayEnd('2024-03-10', NY)).toBe('2024-03-11T04:00:00.000Z');
    expect(dayStart('2024-03-11', NY)).toBe('2024-03-11T04:00:00.000Z');
    expect(dayEnd('2024-03-09', NY)).toBe('2024-03-10T05:00:00.000Z');
  });
});

describe('America/New_York, fall back on 2024-11-03 (02:00 EDT -> 01:00 EST, at 06:00Z)', () => {
  const NY = 'America/New_York';

  it('places 23:59 and 00:00 of the fall-back day in America/New_York on their own dates (S1)', () => {
    expect(localDate(at('2024-11-03T03:59:00Z'), NY)).toBe('2024-11-02'); // 23:59 EDT
    expect(localDate(at('2024-11-03T04:00:00Z'), NY)).toBe('2024-11-03'); // 00:00 EDT
  });

  it('places both 01:30s of 2024-11-03 (EDT, then EST) on 2024-11-03 (S1)', () => {
    expect(localDate(at('2024-11-03T05:30:00Z'), NY)).toBe('2024-11-03'); // 01:30 EDT
    expect(localDate(at('2024-11-03T05:59:59.999Z'), NY)).toBe('2024-11-03');
    expect(localDate(at('2024-11-03T06:00:00Z'), NY)).toBe('2024-11-03'); // 01:00 EST
    expect(localDate(at('2024-11-03T06:30:00Z'), NY)).toBe('2024-11-03'); // 01:30 EST
  });

  it('ends the 25-hour day 2024-11-03 at 00:00 EST of 2024-11-04 (S1)', () => {
    expect(localDate(at('2024-11-04T04:00:00Z'), NY)).toBe('2024-11-03'); // 23:00 EST: 24 h after midnight, same date
    expect(localDate(at('2024-11-04T04:59:59.999Z'), NY)).toBe('2024-11-03');
    expect(localDate(at('2024-11-04T05:00:00Z'), NY)).toBe('2024-11-04');
  });

  it('starts 2024-11-03 at 04:00Z and ends it (expiresAt) at 05:00Z the next day (S1)', () => {
    expect(dayStart('2024-11-03', NY)).toBe('2024-11-03T04:00:00.000Z');
    expect(dayEnd('2024-11-03', NY)).toBe('2024-11-04T05:00:00.000Z');
    expect(dayEnd('2024-11-02', NY)).toBe('2024-11-03T04:00:00.000Z');
  });
});

describe('Australia/Sydney, where DST ends in April and starts in October', () => {
  const SYD = 'Australia/Sydney';

  it('places 23:59 and 00:00 of the fall-back day 2024-04-07 (03:00 AEDT -> 02:00 AEST) on their own dates (S1)', () => {
    expect(localDate(at('2024-04-06T12:59:00Z'), SYD)).toBe('2024-04-06'); // 23:59 AEDT
    expect(localDate(at('2024-04-06T13:00:00Z'), SYD)).toBe('2024-04-07'); // 00:00 AEDT
    expect(localDate(at('2024-04-07T13:59:59.999Z'), SYD)).toBe('2024-04-07'); // 23:59:59.999 AEST
    expect(localDate(at('2024-04-07T14:00:00Z'), SYD)).toBe('2024-04-08'); // 00:00 AEST
  });

  it('places both 02:30s of 2024-04-07 (AEDT, then AEST) on 2024-04-07 (S1)', () => {
    expect(localDate(at('2024-04-06T15:30:00Z'), SYD)).toBe('2024-04-07'); // 02:30 AEDT
    expect(localDate(at('2024-04-06T15:59:59.999Z'), SYD)).toBe('2024-04-07');
    expect(localDate(at('2024-04-06T16:00:00Z'), SYD)).toBe('2024-04-07'); // 02:00 AEST
    expect(localDate(at('2024-04-06T16:30:00Z'), SYD)).toBe('2024-04-07'); // 02:30 AEST
  });

  it('starts 2024-04-07 at 13:00Z the day before and ends it 25 hours later (S1)', () => {
    expect(dayStart('2024-04-07', SYD)).toBe('2024-04-06T13:00:00.000Z');
    expect(dayEnd('2024-04-07', SYD)).toBe('2024-04-07T14:00:00.000Z');
  });

  it('places 23:59 and 00:00 of the spring-forward day 2024-10-06 (02:00 AEST -> 03:00 AEDT) on their own dates (S1)', () => {
    expect(localDate(at('2024-10-05T13:59:00Z'), SYD)).toBe('2024-10-05'); // 23:59 AEST
    expect(localDate(at('2024-10-05T14:00:00Z'), SYD)).toBe('2024-10-06'); // 00:00 AEST
    expect(localDate(at('2024-10-05T15:59:59.999Z'), SYD)).toBe('2024-10-06'); // 01:59:59.999 AEST
    expect(localDate(at('2024-10-05T16:00:00Z'), SYD)).toBe('2024-10-06'); // 03:00 AEDT
    expect(localDate(at('2024-10-06T12:59:59.999Z'), SYD)).toBe('2024-10-06'); // 23:59:59.999 AEDT
    expect(localDate(at('2024-10-06T13:00:00Z'), SYD)).toBe('2024-10-07'); // 00:00 AEDT
  });

  it('starts 2024-10-06 at 14:00Z the day before and ends it 23 hours later (S1)', () => {
    expect(dayStart('2024-10-06', SYD)).toBe('2024-10-05T14:00:00.000Z');
    expect(dayEnd('2024-10-06', SYD)).toBe('2024-10-06T13:00:00.000Z');
  });
});

describe('the far ends of the offsets: Etc/GMT+12 (UTC-12) and Pacific/Kiritimati (UTC+14)', () => {
  const WEST = 'Etc/GMT+12';
  const EAST = 'Pacific/Kiritimati';

  it('places the same instant two dates apart in UTC-12 and UTC+14 (S1)', () => {
    const t = at('2024-06-15T11:00:00Z');
    expect(localDate(t, WEST)).toBe('2024-06-14'); // 23:00 on 06-14
    expect(localDate(t, 'UTC')).toBe('2024-06-15');
    expect(localDate(t, EAST)).toBe('2024-06-16'); // 01:00 on 06-16
  });

  it('moves each zone to its next date at its own midnight (S1)', () => {
    expect(localDate(at('2024-06-15T09:59:59.999Z'), EAST)).toBe('2024-06-15');
    expect(localDate(at('2024-06-15T10:00:00Z'), EAST)).toBe('2024-06-16');
    expect(localDate(at('2024-06-15T11:59:59.999Z'), WEST)).toBe('2024-06-14');
    expect(localDate(at('2024-06-15T12:00:00Z'), WEST)).toBe('2024-06-15');
  });

  it('starts 2024-06-15 at 10:00Z on 06-14 in Kiritimati and at 12:00Z on 06-15 in Etc/GMT+12 (S1)', () => {
    expect(dayStart('2024-06-15', EAST)).toBe('2024-06-14T10:00:00.000Z');
    expect(dayStart('2024-06-15', WEST)).toBe('2024-06-15T12:00:00.000Z');
    expect(dayEnd('2024-06-15', WEST)).toBe('2024-06-16T12:00:00.000Z');
  });

  it('knows that Kiritimati skipped 1994-12-31 when it moved from UTC-10 to UTC+14 (S1, S5)', () => {
    expect(localDate(at('1994-12-31T09:59:59.999Z'), EAST)).toBe('1994-12-30');
    expect(localDate(at('1994-12-31T10:00:00Z'), EAST)).toBe('1995-01-01');
    expect(exists('1994-12-30', EAST)).toBe(true);
    expect(exists('1994-12-31', EAST)).toBe(false);
    expect(exists('1995-01-01', EAST)).toBe(true);
  });
});

describe('dayStartsAt (S2): an event before the day start counts for the previous date', () => {
  const NY = 'America/New_York';

  it('counts an event at 00:30 with dayStartsAt 04:00 for the previous date (S2)', () => {
    expect(localDate(at('2024-01-15T05:30:00Z'), NY, '04:00')).toBe('2024-01-14'); // 00:30 EST
    expect(localDate(at('2024-01-15T05:30:00Z'), NY)).toBe('2024-01-15');
    expect(localDate(at('2024-01-15T08:59:59.999Z'), NY, '04:00')).toBe('2024-01-14'); // 03:59:59.999 EST
    expect(localDate(at('2024-01-15T09:00:00Z'), NY, '04:00')).toBe('2024-01-15'); // 04:00 EST
  });

  it('counts 00:30 and 03:30 of the spring-forward day for the previous date and 04:00 EDT for the day itself (S2)', () => {
    expect(localDate(at('2024-03-10T05:30:00Z'), NY, '04:00')).toBe('2024-03-09'); // 00:30 EST
    expect(localDate(at('2024-03-10T07:30:00Z'), NY, '04:00')).toBe('2024-03-09'); // 03:30 EDT, only 2.5 h after midnight
    expect(localDate(at('2024-03-10T07:59:59.999Z'), NY, '04:00')).toBe('2024-03-09');
    expect(localDate(at('2024-03-10T08:00:00Z'), NY, '04:00')).toBe('2024-03-10'); // 04:00 EDT
  });

  it('counts 00:30 and both 01:30s of the fall-back day for the previous date (S2)', () => {
    expect(localDate(at('2024-11-03T04:30:00Z'), NY, '04:00')).toBe('2024-11-02'); // 00:30 EDT
    expect(localDate(at('2024-11-03T05:30:00Z'), NY, '04:00')).toBe('2024-11-02'); // 01:30 EDT
    expect(localDate(at('2024-11-03T06:30:00Z'), NY, '04:00')).toBe('2024-11-02'); // 01:30 EST
    expect(localDate(at('2024-11-03T08:59:59.999Z'), NY, '04:00')).toBe('2024-11-02'); // 03:59:59.999 EST
    expect(localDate(at('2024-11-03T09:00:00Z'), NY, '04:00')).toBe('2024-11-03'); // 04:00 EST
  });

  it('starts the dates around a DST change at 04:00 local time (S2)', () => {
    expect(dayStart('2024-03-09', NY, '04:00')).toBe('2024-03-09T09:00:00.000Z'); // 04:00 EST
    expect(dayStart('2024-03-10', NY, '04:00')).toBe('2024-03-10T08:00:00.000Z'); // 04:00 EDT
    expect(dayEnd('2024-03-10', NY, '04:00')).toBe('2024-03-11T08:00:00.000Z');
    expect(dayStart('2024-11-03', NY, '04:00')).toBe('2024-11-03T09:00:00.000Z'); // 04:00 EST
  });

  it('starts a day whose day-start time falls in the spring-forward gap at the instant the clocks jumped (S2)', () => {
    // 02:30 does not exist on 2024-03-10 in New York: the first instant at or after 02:30 is 03:00 EDT.
    expect(dayStart('2024-03-10', NY, '02:30')).toBe('2024-03-10T07:00:00.000Z');
    expect(localDate(at('2024-03-10T06:59:59.999Z'), NY, '02:30')).toBe('2024-03-09'); // 01:59:59.999 EST
    expect(localDate(at('2024-03-10T07:00:00Z'), NY, '02:30')).toBe('2024-03-10'); // 03:00 EDT
  });

  it('starts a day whose day-start time is repeated by the fall-back at its first occurrence (S2)', () => {
    expect(dayStart('2024-11-03', NY, '01:30')).toBe('2024-11-03T05:30:00.000Z'); // 01:30 EDT, not 01:30 EST
  });

  it('keeps the date that began at the first 01:30 through the repeated hour, until 01:30 comes again (S2)', () => {
    expect(localDate(at('2024-11-03T05:29:59.999Z'), NY, '01:30')).toBe('2024-11-02'); // 01:29:59.999 EDT
    expect(localDate(at('2024-11-03T05:30:00Z'), NY, '01:30')).toBe('2024-11-03'); // 01:30 EDT: the 3rd begins
    expect(localDate(at('2024-11-03T06:00:00Z'), NY, '01:30')).toBe('2024-11-03'); // 01:00 EST, again before 01:30
    expect(localDate(at('2024-11-03T06:29:59.999Z'), NY, '01:30')).toBe('2024-11-03'); // 01:29:59.999 EST
    expect(localDate(at('2024-11-03T06:30:00Z'), NY, '01:30')).toBe('2024-11-03'); // 01:30 EST
    expect(dayEnd('2024-11-02', NY, '01:30')).toBe('2024-11-03T05:30:00.000Z');
  });

  it('keeps a date that began at midnight when clocks fall back across it (S1: America/Goose_Bay, 1989-10-29, 00:01 -> 23:01)', () => {
    const GOOSE_BAY = 'America/Goose_Bay';
    expect(localDate(at('1989-10-29T03:00:59.999Z'), GOOSE_BAY)).toBe('1989-10-29'); // 00:00:59.999 ADT
    expect(localDate(at('1989-10-29T03:01:00Z'), GOOSE_BAY)).toBe('1989-10-29'); // 23:01 AST of the 28th
    expect(localDate(at('1989-10-29T03:58:59.999Z'), GOOSE_BAY)).toBe('1989-10-29');
    expect(localDate(at('1989-10-29T04:00:00Z'), GOOSE_BAY)).toBe('1989-10-29'); // 00:00 AST, midnight again
  });

  it('finds the jump when a zone springs forward exactly at 00:00 UTC and the day start is inside the gap (S2)', () => {
    // Africa/Casablanca, 2011-04-03: 00:00 WET (UTC+0) -> 01:00 WEST, i.e. at 2011-04-03T00:00:00Z.
    // With dayStartsAt 00:30 the date begins when the clocks jump, not half an hour later.
    expect(dayStart('2011-04-03', 'Africa/Casablanca', '00:30')).toBe('2011-04-03T00:00:00.000Z');
    expect(localDate(at('2011-04-03T00:00:00Z'), 'Africa/Casablanca', '00:30')).toBe('2011-04-03'); // 01:00 WEST
    expect(localDate(at('2011-04-02T23:59:59.999Z'), 'Africa/Casablanca', '00:30')).toBe('2011-04-02');
  });

  it('accepts HH:MM from 00:00 to 23:59 (S2)', () => {
    expect(localDate(at('2024-01-15T04:58:59Z'), NY, '23:59')).toBe('2024-01-13'); // 23:58:59 EST on 01-14
    expect(localDate(at('2024-01-15T04:59:00Z'), NY, '23:59')).toBe('2024-01-14'); // 23:59 EST on 01-14
    expect(localDate(at('2024-01-15T05:00:00Z'), NY, '00:00')).toBe('2024-01-15');
  });

  it.each(['24:00', '7:00', 'noon', '07:60', '07:5', '0700', '07:00:00', ' 07:00', '07:00 ', '-1:00', '', '１２:00'])(
    'rejects dayStartsAt %j with an InvalidInputError that names it (S2)',
    (text) => {
      for (const fn of [() => parseDayStart(text), () => localDate(0, 'UTC', text)]) {
        const error = thrown(fn);
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).code).toBe('INVALID_INPUT');
        expect((error as Error).message).toContain(JSON.stringify(text));
      }
    },
  );

  it('rejects a dayStartsAt that is not a string (S2)', () => {
    for (const value of [400, null, { hours: 4 }]) {
      expect(thrown(() => parseDayStart(value as unknown as string))).toBeInstanceOf(InvalidInputError);
    }
  });
});

describe('zones whose midnight was skipped', () => {
  it('starts 2018-11-04 in America/Sao_Paulo at the instant the clocks jumped from 00:00 to 01:00 (S1)', () => {
    const SP = 'America/Sao_Paulo';
    expect(dayStart('2018-11-04', SP)).toBe('2018-11-04T03:00:00.000Z'); // 00:00 BRT = 01:00 BRST
    expect(dayEnd('2018-11-03', SP)).toBe('2018-11-04T03:00:00.000Z');
    expect(dayStart('2018-11-03', SP)).toBe('2018-11-03T03:00:00.000Z');
    expect(localDate(at('2018-11-04T02:59:59.999Z'), SP)).toBe('2018-11-03'); // 23:59:59.999 BRT
    expect(localDate(at('2018-11-04T03:00:00Z'), SP)).toBe('2018-11-04'); // 01:00 BRST
    expect(exists('2018-11-04', SP)).toBe(true);
  });

  it('starts 2022-09-11 in America/Santiago at the instant the clocks jumped from 00:00 to 01:00 (S1)', () => {
    const SCL = 'America/Santiago';
    expect(dayStart('2022-09-11', SCL)).toBe('2022-09-11T04:00:00.000Z');
    expect(dayStart('2022-09-10', SCL)).toBe('2022-09-10T04:00:00.000Z'); // so 2022-09-10 lasted 24 h and 09-11 23 h
    expect(dayEnd('2022-09-11', SCL)).toBe('2022-09-12T03:00:00.000Z');
    expect(localDate(at('2022-09-11T03:59:59.999Z'), SCL)).toBe('2022-09-10');
    expect(localDate(at('2022-09-11T04:00:00Z'), SCL)).toBe('2022-09-11');
    expect(exists('2022-09-11', SCL)).toBe(true);
  });
});

describe('Pacific/Apia skipped 2011-12-30 (UTC-10 -> UTC+14 at 2011-12-30T10:00Z)', () => {
  const APIA = 'Pacific/Apia';

  it('says 2011-12-30 does not exist while 2011-12-29 and 2011-12-31 do (S1, S5)', () => {
    expect(exists('2011-12-29', APIA)).toBe(true);
    expect(exists('2011-12-30', APIA)).toBe(false);
    expect(exists('2011-12-31', APIA)).toBe(true);
  });

  it('goes from 23:59:59.999 on 2011-12-29 straight to 00:00 on 2011-12-31 (S1)', () => {
    expect(localDate(at('2011-12-30T09:59:59.999Z'), APIA)).toBe('2011-12-29');
    expect(localDate(at('2011-12-30T10:00:00Z'), APIA)).toBe('2011-12-31');
  });

  it('starts 2011-12-29 at 10:00Z and both 2011-12-30 and 2011-12-31 at the jump (S1)', () => {
    expect(dayStart('2011-12-29', APIA)).toBe('2011-12-29T10:00:00.000Z');
    expect(dayEnd('2011-12-29', APIA)).toBe('2011-12-30T10:00:00.000Z');
    expect(dayStart('2011-12-30', APIA)).toBe('2011-12-30T10:00:00.000Z');
    expect(dayStart('2011-12-31', APIA)).toBe('2011-12-30T10:00:00.000Z');
    expect(dayEnd('2011-12-31', APIA)).toBe('2011-12-31T10:00:00.000Z');
  });

  it('knows that every date exists in zones without such a jump (S1)', () => {
    for (const zone of ['UTC', 'America/New_York', 'Australia/Sydney', 'America/Sao_Paulo']) {
      for (const date of ['2011-12-30', '2018-11-04', '2024-03-10', '2024-10-06'])
        expect(exists(date, zone)).toBe(true);
    }
  });
});

describe('zone names: one spelling per zone', () => {
  it.each([
    ['asia/tokyo', 'Asia/Tokyo'],
    ['ASIA/TOKYO', 'Asia/Tokyo'],
    ['america/new_york', 'America/New_York'],
    ['america/port-au-prince', 'America/Port-au-Prince'],
    ['etc/gmt+12', 'Etc/GMT+12'],
    ['utc', 'UTC'],
    ['Asia/Tokyo', 'Asia/Tokyo'],
  ])('writes the zone sent as %j as its IANA name %j (S1)', (sent, name) => {
    expect(canonicalTimeZone(sent)).toBe(name);
    expect(zoneOf(sent).name).toBe(name);
  });

  it.each([
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['asia/kolkata', 'Asia/Kolkata'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['asia/kathmandu', 'Asia/Kathmandu'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['europe/kiev', 'Europe/Kyiv'],
    ['America/Nuuk', 'America/Nuuk'],
  ])(
    'writes a city IANA renamed, sent as %j, under its current name %j, not the old one the runtime may prefer (S1)',
    (sent, name) => {
      expect(canonicalTimeZone(sent)).toBe(name);
      expect(zoneOf(sent).name).toBe(name);
    },
  );

  it('hands out one set of offsets for every spelling of a zone (S1)', () => {
    expect(zoneOf('asia/tokyo')).toBe(zoneOf('Asia/Tokyo'));
    expect(zoneOf('ASIA/TOKYO')).toBe(zoneOf('asia/tokyo'));
  });

  // ICU's own ids (Java's three-letter ones) map an abbreviation to one zone of the several it
  // names, often hours from the one meant: "BST" (British Summer Time) to Asia/Dhaka, "SST" to
  // Pacific/Guadalcanal rather than Samoa, "IST" to Asia/Kolkata rather than Ireland or Israel.
  it.each([
    'BST',
    'bst',
    'SST',
    'IST',
    'PST',
    'CST',
    'AST',
    'JST',
    'VST',
    'CTT',
    'ACT',
    'AET',
    'PRT',
    'US/Pacific-New',
  ])('rejects %j, a name the runtime knows that is no zone of the IANA database (S1)', (sent) => {
    const error = thrown(() => canonicalTimeZone(sent));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).code).toBe('INVALID_TIME_ZONE');
    expect(isTimeZone(sent)).toBe(false);
  });

  it.each([
    ['EST', 'America/Panama'],
    ['MST', 'America/Phoenix'],
    ['HST', 'Pacific/Honolulu'],
    ['GMT', 'UTC'],
    ['US/Pacific', 'America/Los_Angeles'],
    ['Japan', 'Asia/Tokyo'],
    ['CET', 'Europe/Brussels'],
  ])('takes %j, a link of the IANA database, as the zone it names (S1)', (sent, name) => {
    expect(zoneOf(sent).name).toBe(name);
  });

  it('rejects an unknown zone by the name it was sent as (S1)', () => {
    const error = thrown(() => canonicalTimeZone('mars/olympus_mons'));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).code).toBe('INVALID_TIME_ZONE');
    expect((error as Error).message).toContain('"mars/olympus_mons"');
  });
});

describe('invalid zones and instants', () => {
  it.each(['Mars/Olympus_Mons', 'America/Nowhere', 'EST+5', 'Not a zone', '', 'Europe/Paris '])(
    'rejects the unknown time zone %j with an INVALID_TIME_ZONE error that names it (S1)',
    (zone) => {
      for (const fn of [() => zoneOf(zone), () => localDate(0, zone)]) {
        const error = thrown(fn);
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).code).toBe('INVALID_TIME_ZONE');
        expect((error as Error).message).toContain(JSON.stringify(zone));
      }
      expect(isTimeZone(zone)).toBe(false);
    },
  );

  it('names a 100,000-character zone by its first 100 characters, not as an echo of it (S1)', () => {
    const message = (thrown(() => zoneOf('x'.repeat(100_000))) as Error).message;
    expect(message).toContain(`"${'x'.repeat(100)}…"`);
    expect(message.length).toBeLessThan(300);
  });

  it('rejects a zone name that is not a string or is absurdly long (S1)', () => {
    for (const zone of [undefined, null, 42, 'A'.repeat(65), `Europe/${'x'.repeat(100)}`]) {
      const error = thrown(() => zoneOf(zone as unknown as string));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).code).toBe('INVALID_TIME_ZONE');
    }
  });

  it('accepts IANA names, including UTC and the Etc zones (S1)', () => {
    for (const zone of ['UTC', 'Etc/GMT+12', 'Etc/GMT-14', 'America/New_York', 'Asia/Kathmandu'])
      expect(isTimeZone(zone)).toBe(true);
    expect(localDate(at('2024-06-15T18:14:59Z'), 'Asia/Kathmandu')).toBe('2024-06-15'); // 23:59:59 at UTC+5:45
    expect(localDate(at('2024-06-15T18:15:00Z'), 'Asia/Kathmandu')).toBe('2024-06-16');
    expect(localDate(at('2024-06-15T10:00:00Z'), 'Etc/GMT-14')).toBe('2024-06-16');
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['an invalid Date', new Date('not a date')],
  ])('toInstant rejects %s (S1)', (_name, value) => {
    for (const fn of [() => toInstant(value), () => localDate(value, 'UTC')]) {
      const error = thrown(fn);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).code).toBe('INVALID_INPUT');
    }
  });

  it('toInstant rejects values that are not Dates or numbers, and instants outside the years 1000..9998 (S1)', () => {
    for (const value of ['2024-01-01T00:00:00Z', '0', null, undefined, 10n, {}]) {
      expect(thrown(() => toInstant(value as unknown as number))).toBeInstanceOf(InvalidInputError);
    }
    expect(thrown(() => toInstant(Date.UTC(999, 11, 31, 23, 59, 59, 999)))).toBeInstanceOf(InvalidInputError);
    expect(thrown(() => toInstant(Date.UTC(9999, 0, 1)))).toBeInstanceOf(InvalidInputError);
    expect(thrown(() => toInstant(8.64e15))).toBeInstanceOf(InvalidInputError);
  });

  it('toInstant accepts a Date or epoch milliseconds and names the field in its message (S1)', () => {
    expect(toInstant(new Date('2024-03-10T07:00:00Z'))).toBe(1_710_054_000_000);
    expect(toInstant(1_710_054_000_000)).toBe(1_710_054_000_000);
    expect(toInstant(Date.UTC(1000, 0, 1))).toBe(Date.UTC(1000, 0, 1));
    expect(toInstant(Date.UTC(9999, 0, 1) - 1)).toBe(Date.UTC(9999, 0, 1) - 1);
    expect((thrown(() => toInstant(Number.NaN, 'occurredAt')) as Error).message).toContain('occurredAt');
  });

  it('localDate takes a Date as well as epoch milliseconds (S1)', () => {
    expect(localDate(new Date('2024-03-10T04:59:00Z'), 'America/New_York')).toBe('2024-03-09');
    expect(localDate(new Date('2024-03-10T05:00:00Z'), 'America/New_York')).toBe('2024-03-10');
  });

  it('placeInstant with a day start of 0 ms places on the same date as localDate (S1)', () => {
    // 1970-01-01 is epoch day 0: 23:59 on 1969-12-31 in New York is day -1 of the zone's calendar.
    expect(placeInstant(at('1970-01-01T04:59:00Z'), zoneOf('America/New_York'), 0)).toBe(-1);
    expect(placeInstant(at('1970-01-01T05:00:00Z'), zoneOf('America/New_York'), 0)).toBe(0);
  });
});

describe('localDateStart: the instant a local date begins in a zone', () => {
  it("answers the zone's midnight, the jump's instant where midnight was skipped, and refuses a bad date or zone", () => {
    expect(new Date(localDateStart('2026-03-05', 'Asia/Tokyo')).toISOString()).toBe('2026-03-04T15:00:00.000Z');
    expect(new Date(localDateStart('2026-03-05', 'Asia/Tokyo', '04:00')).toISOString()).toBe(
      '2026-03-04T19:00:00.000Z',
    );
    // Santiago springs forward at midnight: 2024-09-08 begins at 01:00 local, 04:00Z
    expect(new Date(localDateStart('2024-09-08', 'America/Santiago')).toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(() => localDateStart('2026-02-30', 'UTC')).toThrow(InvalidInputError);
    expect(() => localDateStart('2026-03-05', 'Mars/Olympus')).toThrow(InvalidInputError);
  });
});
