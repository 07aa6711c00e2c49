/**
 * How a user's state and open rollups are written in their row: JSON arrays of the fields in a
 * fixed order, without the key names, which were more than half of each row's bytes. Every event
 * rewrites its user's row, and each row rewritten dirties its page of the file, written again to
 * the log at commit: smaller rows mean more users per page, a smaller tree and fewer pages to write
 * (decision 021). Lossless by construction: a state (or rollup) that does not have exactly the
 * expected shape is written as the plain JSON object, as every row was before, and both forms are
 * read (an object starts with `{`, the compact form with `[`).
 *
 * A state as `[id, email, tz, firstSeenAt, version, totals, streaks, achievements, lastEventAt,
 * dayStarts, rulesFingerprint, rest?]`: each streak as `[since, day, period, progress, met, length,
 * longest, started, freezes, earnedThrough, lost, lastAt, extendedAt, pauses]`; the three optional
 * fields as null when absent (none of them is ever null when present); `rest`, when there is one,
 * an object of every other field the state has (profile, preferences, reminders, ...), the points
 * states among them packed as @kindling/core's points-codec.ts says (an array where the engine's form is an object).
 * A rollup as `[metric, dayStart, day, value, lastAt, version]`.
 */
import {
  hasKeysInOrder,
  isRecord,
  packPoints,
  unpackPoints,
  type Rollup,
  type StreakState,
  type UserState,
} from '@kindling/core/adapter';

const STREAK_FIELDS = [
  'since',
  'day',
  'period',
  'progress',
  'met',
  'length',
  'longest',
  'started',
  'freezes',
  'earnedThrough',
  'lost',
  'lastAt',
  'extendedAt',
  'pauses',
] as const satisfies readonly (keyof StreakState)[];

/** Whether `key` has a place of its own in the compact state (see above; the optional three are null when absent). */
function isPlaced(key: string): boolean {
  switch (key) {
    case 'id':
    case 'email':
    case 'tz':
    case 'firstSeenAt':
    case 'version':
    case 'totals':
    case 'streaks':
    case 'achievements':
    case 'lastEventAt':
    case 'dayStarts':
    case 'rulesFingerprint':
      return true;
    default:
      return false;
  }
}

/** A streak as its row (named reads), or null when it has another shape or a field is undefined. */
function packStreak(streak: unknown): unknown[] | null {
  if (!hasKeysInOrder(streak, STREAK_FIELDS)) return null;
  const s = streak as unknown as StreakState;
  const row: unknown[] = [
    s.since,
    s.day,
    s.period,
    s.progress,
    s.met,
    s.length,
    s.longest,
    s.started,
    s.freezes,
    s.earnedThrough,
    s.lost,
    s.lastAt,
    s.extendedAt,
    s.pauses,
  ];
  return row.includes(undefined) ? null : row;
}

/** The streaks as an object of rows, or null when one of them has another shape. */
function packStreaks(streaks: unknown): Record<string, unknown[]> | null {
  if (!isRecord(streaks)) return null;
  // Without a prototype: a key such as `__proto__` is set as a field, not as the object's prototype.
  const packed: Record<string, unknown[]> = Object.create(null);
  for (const key in streaks) {
    if (!Object.hasOwn(streaks, key)) return null;
    const row = packStreak(streaks[key]);
    if (row === null) return null;
    packed[key] = row;
  }
  return packed;
}

/** The text of a user's state column: the compact form, or the JSON object when the state has another shape. */
export function encodeState(user: UserState): string {
  const fields = user as unknown as Record<string, unknown>;
  // Every field without a place of its own goes to `rest`; an inherited one sends the state to JSON.
  let rest: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) return JSON.stringify(user);
    if (isPlaced(key) || fields[key] === undefined) continue;
    rest ??= Object.create(null) as Record<string, unknown>;
    if (key !== 'points') {
      rest[key] = fields[key];
      continue;
    }
    // The points states packed (packPoints, @kindling/core/adapter) when they have the engine's shape, else as they
    // are; an array, which would read as packed, sends the state to JSON.
    const points = packPoints(fields[key]);
    if (points === null && Array.isArray(fields[key])) return JSON.stringify(user);
    rest[key] = points ?? fields[key];
  }
  const { id, email, tz, firstSeenAt, version, totals, achievements, lastEventAt, dayStarts, rulesFingerprint } = user;
  if (
    id === undefined ||
    email === undefined ||
    tz === undefined ||
    firstSeenAt === undefined ||
    version === undefined ||
    totals === undefined ||
    achievements === undefined ||
    (lastEventAt as unknown) === null ||
    (dayStarts as unknown) === null ||
    (rulesFingerprint as unknown) === null
  )
    return JSON.stringify(user);
  const streaks = packStreaks(user.streaks);
  if (streaks === null) return JSON.stringify(user);
  const row: unknown[] = [
    id,
    email,
    tz,
    firstSeenAt,
    version,
    totals,
    streaks,
    achievements,
    lastEventAt ?? null,
    dayStarts ?? null,
    rulesFingerprint ?? null,
  ];
  if (rest !== undefined) row.push(rest);
  return JSON.stringify(row);
}

/** A stored row in the compact form back to the state; undefined when the array is not one. */
export function decodeState(row: unknown[]): UserState | undefined {
  if (row.length !== 11 && row.length !== 12) return undefined;
  const [id, email, tz, firstSeenAt, version, totals, packed, achievements, lastEventAt, dayStarts, fingerprint] = row;
  const rest = row[11];
  if (typeof id !== 'string' || !isRecord(packed) || (row.length === 12 && !isRecord(rest))) return undefined;
  // In place: each key is already an own property of `packed` (JSON.parse made it, `__proto__` too).
  const streaks = packed as Record<string, StreakState>;
  for (const key in packed) {
    const s = packed[key];
    if (!Array.isArray(s) || s.length !== STREAK_FIELDS.length) return undefined;
    streaks[key] = {
      since: s[0],
      day: s[1],
      period: s[2],
      progress: s[3],
      met: s[4],
      length: s[5],
      longest: s[6],
      started: s[7],
      freezes: s[8],
      earnedThrough: s[9],
      lost: s[10],
      lastAt: s[11],
      extendedAt: s[12],
      pauses: s[13],
    };
  }
  const user = {
    id,
    email,
    tz,
    firstSeenAt,
    version,
    totals,
    streaks,
    achievements,
  } as unknown as UserState;
  if (lastEventAt !== null) user.lastEventAt = lastEventAt as number;
  if (dayStarts !== null) user.dayStarts = dayStarts as UserState['dayStarts'];
  if (fingerprint !== null) user.rulesFingerprint = fingerprint as string;
  // Defined, not assigned: a key such as `__proto__` stays a field, as JSON.parse keeps it.
  if (row.length === 12)
    for (const key of Object.keys(rest as object)) {
      let value = (rest as Record<string, unknown>)[key];
      if (key === 'points' && Array.isArray(value)) {
        value = unpackPoints(value);
        if (value === undefined) return undefined;
      }
      Object.defineProperty(user, key, { value, enumerable: true, writable: true, configurable: true });
    }
  return user;
}

const ROLLUP_FIELDS = [
  'metric',
  'dayStart',
  'day',
  'value',
  'lastAt',
  'version',
] as const satisfies readonly (keyof Rollup)[];

/** The text of a user's open rollups column: rows of six, or the JSON objects when one has another shape. */
export function encodeRollups(rollups: readonly Rollup[]): string {
  const rows: unknown[][] = [];
  for (const rollup of rollups) {
    if (!hasKeysInOrder(rollup, ROLLUP_FIELDS)) return JSON.stringify(rollups);
    const row: unknown[] = [rollup.metric, rollup.dayStart, rollup.day, rollup.value, rollup.lastAt, rollup.version];
    if (row.includes(undefined)) return JSON.stringify(rollups);
    rows.push(row);
  }
  return JSON.stringify(rows);
}

/** One stored open rollup, an object or a row of six, as a Rollup; undefined when it is neither. */
export function decodeRollup(stored: unknown): Rollup | undefined {
  if (!Array.isArray(stored)) return isRecord(stored) ? (stored as unknown as Rollup) : undefined;
  if (stored.length !== ROLLUP_FIELDS.length) return undefined;
  const [metric, dayStart, day, value, lastAt, version] = stored;
  return { metric, dayStart, day, value, lastAt, version };
}
