// @ts-check
// The benchmarks' one workload module: every event a bench records comes from here, generated from
// a seed (no Math.random), so that every bench measures the same kind of stream.
//
//   generateWorkload   users spread over 20 zones, about 13 months of activity with breaks, two
//                      metrics, in time order (bench:core, the SQLite and Redis store benches, the
//                      accounts bench)
//   readerEvents       one user's events spread evenly over 5 years (the SQLite read benches)
//   yearOfLessons      a year of daily lessons for some users, one lesson yesterday for the others
//                      (the data bench:http starts with)
//   yearOfBothMetrics  one user's lesson and minutes every day of 2025, at fixed hours and values or
//                      at random ones (the Redis bench's bytes per user)
//
// It also holds what the benches share around it: the zones, the PRNG, user ids and envInt.

/**
 * The workload in columns (one entry per event, in time order), so that a million events take a few
 * typed arrays rather than a million objects.
 * @typedef {object} Workload
 * @property {Float64Array} at      the event's instant, ms since the epoch
 * @property {Int32Array} user      index into userIds
 * @property {Uint8Array} metric    index into METRICS
 * @property {Float64Array} value
 * @property {Uint8Array} zone      index into ZONES: the user's zone at that event
 * @property {string[]} userIds
 * @property {number} movers        users who change zone once
 */

/** @type {[string, number][]} [IANA zone, approximate standard offset in hours] — the offset only shapes local activity hours. */
export const ZONE_TABLE = [
  ['UTC', 0],
  ['America/New_York', -5],
  ['America/Los_Angeles', -8],
  ['Europe/London', 0],
  ['Europe/Berlin', 1],
  ['Asia/Tokyo', 9],
  ['Asia/Kolkata', 5.5],
  ['Australia/Sydney', 10],
  ['Pacific/Auckland', 12],
  ['America/Sao_Paulo', -3],
  ['Africa/Cairo', 2],
  ['Asia/Kathmandu', 5.75],
  ['Pacific/Kiritimati', 14],
  ['Etc/GMT+12', -12],
  ['America/St_Johns', -3.5],
  ['Asia/Shanghai', 8],
  ['Europe/Moscow', 3],
  ['America/Chicago', -6],
  ['Australia/Lord_Howe', 10.5],
  ['Asia/Dubai', 4],
];
export const ZONES = ZONE_TABLE.map(([name]) => name);
export const ZONE_OFFSET_MS = ZONE_TABLE.map(([, hours]) => hours * 3_600_000);
export const METRICS = ['lessons', 'minutes'];
export const DAY_MS = 86_400_000;
export const START_DAY = Date.UTC(2025, 0, 1) / DAY_MS; // 2025-01-01
export const YEAR_DAYS = 365;

/** A user's id in every bench: `user-000123`. */
export const userId = (/** @type {number} */ u) => `user-${String(u).padStart(6, '0')}`;

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function mulberry32(/** @type {number} */ seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Each user lives in one zone (2% move to another zone once, half-way through their events), joins
 * on some day of the year and is active on a share of the following days (1 to 4 events per active
 * day, local times 06:00 to 00:30, so a few fall past local midnight), with now and then a break of
 * 2 to 10 days: enough for freezes to be earned and consumed and for streaks to be lost. A user's
 * number of events is drawn from a skewed distribution and scaled so that the total is exactly EVENTS.
 * Events are then merged into one time-ordered stream.
 * @param {{ events: number, users: number, seed: number }} size
 * @returns {Workload}
 */
export function generateWorkload({ events: EVENTS, users: USERS, seed: SEED }) {
  const rand = mulberry32(SEED);
  const userZone = new Uint8Array(USERS);
  const weights = new Float64Array(USERS);
  let weightSum = 0;
  for (let u = 0; u < USERS; u++) {
    userZone[u] = Math.floor(rand() * ZONES.length);
    const r = rand();
    weights[u] = 0.2 + 3 * r * r;
    weightSum += weights[u];
  }
  // Quotas: floor of the share, the remainder handed out one by one; every user gets at least one event.
  const quota = new Int32Array(USERS);
  let assigned = 0;
  for (let u = 0; u < USERS; u++) {
    quota[u] = Math.max(1, Math.floor((EVENTS * weights[u]) / weightSum));
    assigned += quota[u];
  }
  for (let u = 0; assigned < EVENTS; u = (u + 1) % USERS) {
    quota[u] += 1;
    assigned += 1;
  }
  for (let u = USERS - 1; assigned > EVENTS; u = (u - 1 + USERS) % USERS) {
    if (quota[u] > 1) {
      quota[u] -= 1;
      assigned -= 1;
    }
  }

  const at = new Float64Array(EVENTS);
  const user = new Int32Array(EVENTS);
  const metric = new Uint8Array(EVENTS);
  const value = new Float64Array(EVENTS);
  const zone = new Uint8Array(EVENTS);
  let movers = 0;
  let n = 0;
  for (let u = 0; u < USERS; u++) {
    const activity = 0.55 + 0.4 * rand();
    // Expected events per calendar day: per step a break (3%, 6 days on average) or a day that is
    // active with probability `activity` and holds 2.5 events on average.
    const perDay = (0.97 * activity * 2.5) / (0.03 * 6 + 0.97);
    const span = Math.ceil((1.1 * quota[u]) / perDay);
    let day = START_DAY + Math.floor(rand() * Math.max(1, YEAR_DAYS - span));
    let z = userZone[u];
    const moveAt = rand() < 0.02 ? Math.floor(quota[u] / 2) : -1;
    if (moveAt >= 0) movers += 1;
    let made = 0;
    while (made < quota[u]) {
      if (rand() < 0.03) {
        day += 2 + Math.floor(rand() * 9); // a break
        continue;
      }
      if (rand() < activity) {
        const k = Math.min(1 + Math.floor(rand() * 4), quota[u] - made);
        // local times of the day's events, ascending
        const times = [];
        for (let j = 0; j < k; j++) times.push(6 * 3_600_000 + Math.floor(rand() * 18.5 * 3_600_000));
        times.sort((a, b) => a - b);
        for (let j = 0; j < k; j++) {
          if (made === moveAt) z = (z + 1 + Math.floor(rand() * (ZONES.length - 1))) % ZONES.length;
          at[n] = day * DAY_MS + times[j] - ZONE_OFFSET_MS[z];
          user[n] = u;
          const m = rand() < 0.45 ? 0 : 1;
          metric[n] = m;
          value[n] = m === 0 ? 1 : 3 + Math.floor(rand() * 28);
          zone[n] = z;
          n += 1;
          made += 1;
        }
      }
      day += 1;
    }
  }

  // Merge into one stream in time order (ties keep generation order: deterministic).
  const order = new Uint32Array(EVENTS);
  for (let i = 0; i < EVENTS; i++) order[i] = i;
  order.sort((a, b) => at[a] - at[b] || a - b);
  const w = {
    at: new Float64Array(EVENTS),
    user: new Int32Array(EVENTS),
    metric: new Uint8Array(EVENTS),
    value: new Float64Array(EVENTS),
    zone: new Uint8Array(EVENTS),
    userIds: Array.from({ length: USERS }, (_, u) => userId(u)),
    movers,
  };
  for (let i = 0; i < EVENTS; i++) {
    const j = order[i];
    w.at[i] = at[j];
    w.user[i] = user[j];
    w.metric[i] = metric[j];
    w.value[i] = value[j];
    w.zone[i] = zone[j];
  }
  return w;
}

/** @typedef {{ at: number, metric: 'lessons' | 'minutes', value: number }} ReaderEvent */

const READER_START_DAY = Date.UTC(2021, 0, 1) / DAY_MS; // 2021-01-01
/** the days of readerEvents: 2021-01-01 .. 2025-12-31, 1826 days */
export const READER_DAYS = Date.UTC(2026, 0, 1) / DAY_MS - READER_START_DAY;

/**
 * `count` events of one user spread evenly over the 5 years of READER_DAYS (day d gets
 * floor((d+1)n/D) - floor(dn/D) events), at UTC 04:00..21:00 (05:00..23:00 in Berlin). With at least
 * one event a day, the first of each day is a lesson, so a daily lessons streak holds every day; the
 * others are lessons 45% of the time, else 3..30 minutes.
 * @returns {ReaderEvent[]}
 */
export function readerEvents(/** @type {number} */ count, /** @type {number} */ seed) {
  const rand = mulberry32(seed);
  /** @type {ReaderEvent[]} */
  const events = [];
  for (let d = 0; d < READER_DAYS; d++) {
    const k = Math.floor(((d + 1) * count) / READER_DAYS) - Math.floor((d * count) / READER_DAYS);
    if (k === 0) continue;
    const times = [];
    for (let j = 0; j < k; j++) times.push(4 * 3_600_000 + Math.floor(rand() * 17 * 3_600_000));
    times.sort((a, b) => a - b);
    for (let j = 0; j < k; j++) {
      const lesson = j === 0 || rand() < 0.45;
      events.push({
        at: (READER_START_DAY + d) * DAY_MS + (times[j] ?? 0),
        metric: lesson ? 'lessons' : 'minutes',
        value: lesson ? 1 : 3 + Math.floor(rand() * 28),
      });
    }
  }
  return events;
}

/**
 * The 366 days before `today` (a UTC day number), day by day: each of the first `historyUsers` users
 * has a lesson on about 85% of them, each other user one lesson on the last; each at a random instant
 * of its UTC day. Day after day; within a day, user after user (the engine takes a user's events in
 * order, and no user has two on a day).
 * @param {{ users: number, historyUsers: number, today: number, seed: number }} options
 * @returns {Generator<{ user: number, at: number }>}
 */
export function* yearOfLessons({ users, historyUsers, today, seed }) {
  const rand = mulberry32(seed);
  for (let day = today - 366; day < today; day++) {
    for (let u = 0; u < users; u++) {
      if (u < historyUsers ? rand() >= 0.85 : day !== today - 1) continue;
      yield { user: u, at: day * DAY_MS + Math.floor(rand() * DAY_MS) };
    }
  }
}

/**
 * One user's events on each of the 365 days from START_DAY: a lesson and some minutes a day. Regular:
 * value 1 at 07:00 UTC and 20 minutes at 18:00 UTC. Irregular (`seed` given): 1 to 5 lessons at a
 * random millisecond of 00:00..14:00 UTC and 5 to 64 minutes at one of 09:00..21:00.
 * @returns {ReaderEvent[]}
 */
export function yearOfBothMetrics(/** @type {number | null} */ seed = null) {
  const rand = seed === null ? null : mulberry32(seed);
  /** @type {ReaderEvent[]} */
  const events = [];
  for (let d = 0; d < YEAR_DAYS; d++) {
    const day = (START_DAY + d) * DAY_MS;
    if (rand === null) {
      events.push(
        { at: day + 7 * 3_600_000, metric: 'lessons', value: 1 },
        { at: day + 18 * 3_600_000, metric: 'minutes', value: 20 },
      );
    } else {
      const lessons = {
        metric: /** @type {const} */ ('lessons'),
        value: 1 + Math.floor(rand() * 5),
        at: day + Math.floor(rand() * 14 * 3_600_000),
      };
      const minutes = {
        metric: /** @type {const} */ ('minutes'),
        value: 5 + Math.floor(rand() * 60),
        at: day + 9 * 3_600_000 + Math.floor(rand() * 12 * 3_600_000),
      };
      events.push(lessons, minutes);
    }
  }
  return events;
}

/** A whole-number setting from the environment (underscores allowed), or `fallback`; a bad value stops the bench. */
export function envInt(/** @type {string} */ name, /** @type {number} */ fallback, /** @type {number} */ min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) {
    console.error(`${name} must be a whole number >= ${min}, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return n;
}
