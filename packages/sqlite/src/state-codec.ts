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
 * an object of every other field the state has (profile, preferences, reminders, ...). A rollup as
 * `[metric, dayStart, day, value, lastAt, version]`.
 */
import type { Rollup, StreakState, UserState } from '@kindling/core';

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

/** Fields every state has, in their place. */
const USER_FIELDS = [
  'id',
  'email',
  'tz',
  'firstSeenAt',
  'version',
  'totals',
  'streaks',
  'achievements',
] as const satisfies readonly (keyof UserState)[];

/** Optional fields with a place of their own: absent is null (they are never null when present). */
const OPTIONAL_FIELDS = [
  'lastEventAt',
  'dayStarts',
  'rulesFingerprint',
] as const satisfies readonly (keyof UserState)[];

const PLACED = new Set<string>([...USER_FIELDS, ...OPTIONAL_FIELDS]);

/** A plain object (not an array, not null) whose own keys are exactly `fields`. */
function hasExactly(value: unknown, fields: readonly string[]): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  let keys = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    keys++;
  }
  if (keys !== fields.length) return false;
  for (const field of fields) if ((value as Record<string, unknown>)[field] === undefined) return false;
  return true;
}

/** The streaks as an object of arrays, or null when one of them has another shape. */
function packStreaks(streaks: Record<string, StreakState>): Record<string, unknown[]> | null {
  // Without a prototype: a key such as `__proto__` is set as a field, not as the object's prototype.
  const packed: Record<string, unknown[]> = Object.create(null);
  for (const key in streaks) {
    const streak = streaks[key];
    if (!hasExactly(streak, STREAK_FIELDS)) return null;
    packed[key] = STREAK_FIELDS.map((field) => streak[field]);
  }
  return packed;
}

/** The text of a user's state column: the compact form, or the JSON object when the state has another shape. */
export function encodeState(user: UserState): string {
  const fields = user as unknown as Record<string, unknown>;
  for (const field of USER_FIELDS) if (fields[field] === undefined) return JSON.stringify(user);
  for (const field of OPTIONAL_FIELDS) if (fields[field] === null) return JSON.stringify(user);
  const streaks = user.streaks === null || typeof user.streaks !== 'object' ? null : packStreaks(user.streaks);
  if (streaks === null) return JSON.stringify(user);
  let rest: Record<string, unknown> | undefined;
  for (const key in fields) {
    if (PLACED.has(key) || fields[key] === undefined) continue;
    rest ??= Object.create(null) as Record<string, unknown>;
    rest[key] = fields[key];
  }
  const row: unknown[] = [
    user.id,
    user.email,
    user.tz,
    user.firstSeenAt,
    user.version,
    user.totals,
    streaks,
    user.achievements,
    user.lastEventAt ?? null,
    user.dayStarts ?? null,
    user.rulesFingerprint ?? null,
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
    for (const key of Object.keys(rest as object))
      Object.defineProperty(user, key, {
        value: (rest as Record<string, unknown>)[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
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
    if (!hasExactly(rollup, ROLLUP_FIELDS)) return JSON.stringify(rollups);
    rows.push([rollup.metric, rollup.dayStart, rollup.day, rollup.value, rollup.lastAt, rollup.version]);
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
