/**
 * The one module that converts between the two kinds of time (S1, S2):
 * an instant (epoch ms) and a local date (an epoch day, `'YYYY-MM-DD'` at the edges).
 */
import { InvalidInputError } from '../errors.js';
import { DAY_MS, FIRST_YEAR, formatDay, LAST_YEAR, parseDay } from './calendar.js';
import { ZoneOffsets } from './zone-offsets.js';
import { shown } from '../shown.js';

/**
 * Cities the IANA database renamed, under the old name that ICU (and so the runtime's Intl, on Node 20
 * at least) still resolves the new one to: Intl answers "Asia/Calcutta" for "Asia/Kolkata". Found by
 * resolving every zone of the IANA database (2025c) through Intl; the legacy zones (EST5EDT, MET, …)
 * and Etc/UTC are left out, as UTC and the city zones are what callers send.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Godthab': 'America/Nuuk',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Rangoon': 'Asia/Yangon',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

/**
 * Names the runtime's ICU resolves that are no zone or link of the IANA database: Java's
 * three-letter ids, each one zone of the several its abbreviation names, often hours from the one
 * meant ("BST", British Summer Time, is Asia/Dhaka; "SST" Pacific/Guadalcanal, not Samoa; "IST"
 * Asia/Kolkata, not Ireland or Israel), and two links the database has dropped. Upper case: ICU
 * takes them in any case. The database's own short names (EST, MST, HST, CET, …) are links to real
 * zones and stay. None of these is ever kept: what is kept is the zone a name resolves to.
 */
const NOT_IANA = new Set([
  ...['ACT', 'AET', 'AGT', 'ART', 'AST', 'BET', 'BST', 'CAT', 'CNT', 'CST', 'CTT', 'EAT', 'ECT'],
  ...['IET', 'IST', 'JST', 'MIT', 'NET', 'NST', 'PLT', 'PNT', 'PRT', 'PST', 'SST', 'VST'],
  'US/PACIFIC-NEW',
  'CANADA/EAST-SASKATCHEWAN',
]);

function unknownZone(name: unknown): InvalidInputError {
  return new InvalidInputError(
    'INVALID_TIME_ZONE',
    `unknown time zone ${shown(name)}: use an IANA name such as "Europe/Paris"`,
  );
}

/**
 * The one name Kindling keeps for a zone, however it was sent (S1): the IANA name in its own case
 * ("asia/tokyo" → "Asia/Tokyo"), the current name of a renamed city ("Asia/Calcutta" →
 * "Asia/Kolkata"), and, where the runtime resolves links, the zone a link names ("US/Pacific" →
 * "America/Los_Angeles"). An unknown zone, or a name only the runtime knows ("BST"), is an
 * InvalidInputError that names it as sent.
 */
export function canonicalTimeZone(name: string): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || NOT_IANA.has(name.toUpperCase()))
    throw unknownZone(name);
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw unknownZone(name);
  }
  return RENAMED[resolved] ?? resolved;
}

/** Offsets by canonical name. */
const zones = new Map<string, ZoneOffsets>();
/** Canonical names of the other spellings seen; cleared when full, as spellings are the caller's to choose. */
const spellings = new Map<string, string>();
const MAX_SPELLINGS = 1_000;

let lastZone: ZoneOffsets | undefined;

/**
 * The cached offsets of a zone, under its canonical name (`canonicalTimeZone`) whatever the spelling
 * sent: `zoneOf(name).name` is the name to keep. An unknown zone is an InvalidInputError that names it.
 */
export function zoneOf(name: string): ZoneOffsets {
  if (lastZone !== undefined && lastZone.name === name) return lastZone;
  let zone = zones.get(name);
  if (zone === undefined) {
    let canonical = spellings.get(name);
    if (canonical === undefined) {
      canonical = canonicalTimeZone(name);
      if (canonical !== name) {
        if (spellings.size >= MAX_SPELLINGS) spellings.clear();
        spellings.set(name, canonical);
      }
    }
    zone = zones.get(canonical);
    if (zone === undefined) {
      try {
        zone = new ZoneOffsets(canonical);
      } catch {
        throw unknownZone(name);
      }
      zones.set(canonical, zone);
    }
  }
  lastZone = zone;
  return zone;
}

/** True when the zone database knows the name. */
export function isTimeZone(name: string): boolean {
  try {
    zoneOf(name);
    return true;
  } catch {
    return false;
  }
}

const DAY_START_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `'HH:MM'` → ms after local midnight at which a rule's day begins (S2). */
export function parseDayStart(text: string): number {
  const match = typeof text === 'string' ? DAY_START_RE.exec(text) : null;
  if (!match)
    throw new InvalidInputError(
      'INVALID_INPUT',
      `dayStartsAt must be a time written HH:MM (00:00 to 23:59), got ${shown(text)}`,
    );
  return Number(match[1]) * 3_600_000 + Number(match[2]) * 60_000;
}

const MIN_INSTANT = Date.UTC(FIRST_YEAR, 0, 1);
const MAX_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1);

/** An instant given as a Date or epoch ms, checked: a non-finite or out-of-range time is an InvalidInputError. */
export function toInstant(at: Date | number, what = 'at'): number {
  const t = at instanceof Date ? at.getTime() : at;
  if (typeof t !== 'number' || !Number.isFinite(t)) {
    throw new InvalidInputError('INVALID_INPUT', `${what} must be a Date or epoch milliseconds, got ${shown(at)}`);
  }
  if (t < MIN_INSTANT || t >= MAX_INSTANT) {
    throw new InvalidInputError(
      'INVALID_INPUT',
      `${what} must lie between the years ${FIRST_YEAR} and ${LAST_YEAR}, got ${shown(at)}`,
    );
  }
  return t;
}

/**
 * The local epoch day on which instant `t` falls in `zone`, with the day starting `dayStartMs` after
 * midnight (S1, S2): the latest day whose start has come by `t`. Where clocks fall back over a day
 * start, the repeated stretch stays on the day that had begun (`ZoneOffsets.wallAt`), so the day an
 * instant falls on never goes back as time goes on, and a day ends once, at `dayStartInstant`.
 */
export function placeInstant(t: number, zone: ZoneOffsets, dayStartMs: number): number {
  return Math.floor((zone.wallAt(t) - dayStartMs) / DAY_MS);
}

/**
 * The first instant of local day `day` in `zone` (the day begins `dayStartMs` after midnight).
 * When that wall time is repeated (clocks fall back) the earlier instant; when it does not exist
 * (clocks spring forward over it) the instant the clocks jumped.
 */
export function dayStartInstant(day: number, zone: ZoneOffsets, dayStartMs: number): number {
  const wall = day * DAY_MS + dayStartMs;
  const before = zone.offsetAt(wall - DAY_MS);
  const after = zone.offsetAt(wall + DAY_MS);
  const early = wall - before;
  const late = wall - after;
  const earlyValid = zone.offsetAt(early) === before;
  const lateValid = zone.offsetAt(late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  return zone.transitionIn(Math.min(early, late), Math.max(early, late)) ?? early;
}

/** False for a local date the zone skipped entirely (Pacific/Apia, 2011-12-30). */
export function dayExists(day: number, zone: ZoneOffsets, dayStartMs: number): boolean {
  return placeInstant(dayStartInstant(day, zone, dayStartMs), zone, dayStartMs) === day;
}

/** Public form of S1/S2: the `'YYYY-MM-DD'` on which `at` falls in `timeZone`. */
export function localDate(at: Date | number, timeZone: string, dayStartsAt = '00:00'): string {
  return formatDay(placeInstant(toInstant(at), zoneOf(timeZone), parseDayStart(dayStartsAt)));
}

/**
 * Public form of `dayStartInstant`: the instant (epoch ms) local date `date` (`'YYYY-MM-DD'`) begins
 * in `timeZone`, its day starting `dayStartsAt` after midnight. InvalidInputError for a bad date or
 * zone.
 */
export function localDateStart(date: string, timeZone: string, dayStartsAt = '00:00'): number {
  return dayStartInstant(parseDay(date, 'date'), zoneOf(timeZone), parseDayStart(dayStartsAt));
}
