/**
 * The application API's leaderboard shapes, as the hosted service's SDK parses them: a board's base
 * (`LeaderboardResponse`: id, key, name, description, what it ranks by with the metric's or
 * system's key and name, its breakdown attributes by key, dates, daily window, cut and runs) and an
 * event's map of the boards it moved the user on (`MetricEventLeaderboardResponse`: the base with
 * the current run's dates, the rank before and after, the threshold, the user's breakdown values),
 * with `value` and `previousValue` beside them (Kindling's: extra keys pass the SDK). Values are
 * sums of doubles shown as whole numbers (Q4): the schema's `integer` refuses 2.5.
 */
import type { BoardPage, LeaderboardChange } from '@kindling/core';
import { formatDay } from '@kindling/core';
import { shownStatus } from './admin-leaderboard-wire.js';
import type { FromSchema } from 'json-schema-to-ts';
import type { AccountConfig, LeaderboardDef } from '../control/types.js';
import { text, textOrNull } from './primitives.js';

const integer = { type: 'integer' } as const;
const integerOrNull = { type: ['integer', 'null'] } as const;

const baseProperties = {
  id: text,
  key: text,
  name: text,
  description: textOrNull,
  rankBy: { type: 'string', enum: ['metric', 'points', 'streak'] },
  metricKey: text,
  metricName: text,
  pointsSystemKey: text,
  pointsSystemName: text,
  breakdownAttribute: textOrNull,
  breakdownAttributes: { type: 'array', items: text },
  start: text,
  end: textOrNull,
  startTime: textOrNull,
  endTime: textOrNull,
  maxParticipants: integerOrNull,
  runUnit: { type: ['string', 'null'], enum: ['day', 'month', 'year', null] },
  runInterval: integerOrNull,
} as const;
const baseRequired = [
  'id',
  'key',
  'name',
  'description',
  'rankBy',
  'breakdownAttribute',
  'breakdownAttributes',
  'start',
  'end',
  'startTime',
  'endTime',
  'maxParticipants',
  'runUnit',
  'runInterval',
] as const;

export const eventLeaderboardSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...baseRequired, 'rank', 'previousRank', 'threshold', 'breakdownAttributeValues'],
  properties: {
    ...baseProperties,
    rank: integerOrNull,
    previousRank: integerOrNull,
    threshold: integer,
    value: integerOrNull,
    previousValue: integerOrNull,
    breakdownAttributeValue: textOrNull,
    breakdownAttributeValues: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'value'],
        properties: { key: text, value: text },
      },
    },
  },
} as const;

export const eventLeaderboardsMapSchema = {
  type: 'object',
  additionalProperties: eventLeaderboardSchema,
  description: 'each leaderboard the event moved the user’s value on, by key',
} as const;

export type EventLeaderboard = FromSchema<typeof eventLeaderboardSchema>;

/** A value as the hosted service shows it: a whole number (Q4), none when off the board. */
function shownValue(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

/** The base of `def` in `config`, its dates those given (a run's, or the board's own). */
export function leaderboardBaseWire(def: LeaderboardDef, config: AccountConfig, start = def.start, end = def.end) {
  const keys = def.breakdownAttributes.map((id) => (config.attributes ?? []).find((a) => a.id === id)?.key ?? id);
  const metric = def.rankBy === 'metric' ? config.metrics.find((m) => m.id === def.metricId) : undefined;
  const system = def.rankBy === 'points' ? (config.points ?? []).find((p) => p.id === def.pointsSystemId) : undefined;
  return {
    id: def.id,
    key: def.key,
    name: def.name,
    description: def.description,
    rankBy: def.rankBy,
    ...(metric !== undefined ? { metricKey: metric.key, metricName: metric.name } : {}),
    ...(system !== undefined ? { pointsSystemKey: system.key, pointsSystemName: system.name } : {}),
    breakdownAttribute: keys[0] ?? null,
    breakdownAttributes: keys,
    start,
    end,
    startTime: def.startTime,
    endTime: def.endTime,
    maxParticipants: def.maxParticipants,
    runUnit: def.runUnit,
    runInterval: def.runInterval,
  };
}

/** The event answer's map of the boards `changes` name that the configuration still has. */
export function eventLeaderboardsWire(
  changes: Readonly<Record<string, LeaderboardChange>> | undefined,
  byKey: ReadonlyMap<string, LeaderboardDef>,
  config: AccountConfig,
) {
  const map: Record<string, EventLeaderboard> = {};
  if (changes === undefined) return map;
  for (const key of Object.keys(changes)) {
    const def = byKey.get(key);
    const change = changes[key] as LeaderboardChange;
    if (def === undefined) continue;
    map[key] = {
      ...leaderboardBaseWire(def, config, change.run.start, change.run.end),
      rank: change.rank,
      previousRank: change.previousRank,
      threshold: change.threshold,
      value: shownValue(change.value),
      previousValue: shownValue(change.previousValue),
      breakdownAttributeValue: change.group[0]?.value ?? null,
      breakdownAttributeValues: change.group.map(({ key: k, value }) => ({ key: k, value })),
    };
  }
  return map;
}

const status = { type: 'string', enum: ['active', 'scheduled', 'finished'] } as const;

/** GET /v1/leaderboards: each board users may see, with its status. */
export const leaderboardListSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: [...baseRequired, 'status'],
    properties: { ...baseProperties, status },
  },
} as const;

/** The boards of `config` users may see at `now` (finished ones only with `finished`). */
export function leaderboardListWire(config: AccountConfig, now: number, finished: boolean) {
  const list: Array<ReturnType<typeof leaderboardBaseWire> & { status: 'active' | 'scheduled' | 'finished' }> = [];
  for (const def of config.leaderboards ?? []) {
    const shown = shownStatus(def, config, now);
    if (shown === 'inactive' || (shown === 'finished' && !finished)) continue;
    list.push({ ...leaderboardBaseWire(def, config), status: shown });
  }
  return list;
}

/**
 * GET /v1/leaderboards/:key: the board with the run read (`runStart`, `runEnd`, and `runEndsAt`,
 * the instant it closes for everyone: S42; Kindling's, beside the hosted service's keys), its
 * status, `participants` (how many the run-group ranks, past the cut too) and the rankings.
 */
export const leaderboardRankingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...baseRequired, 'status', 'rankings', 'runStart', 'runEnd', 'runEndsAt', 'participants'],
  properties: {
    ...baseProperties,
    status,
    runStart: text,
    runEnd: textOrNull,
    runEndsAt: textOrNull,
    participants: integer,
    rankings: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['userId', 'userName', 'rank', 'value'],
        properties: { userId: text, userName: textOrNull, rank: integer, value: integer },
      },
    },
  },
} as const;

export function leaderboardRankingsWire(
  def: LeaderboardDef,
  config: AccountConfig,
  page: BoardPage,
  shown: 'inactive' | 'scheduled' | 'active' | 'finished',
  closesAt: number | null,
) {
  return {
    ...leaderboardBaseWire(def, config),
    status: shown === 'inactive' ? ('finished' as const) : shown,
    runStart: formatDay(page.run.start),
    runEnd: page.run.end === null ? null : formatDay(page.run.end),
    runEndsAt: closesAt === null ? null : new Date(closesAt).toISOString(),
    participants: page.count,
    rankings: page.rankings.map((entry) => ({
      userId: entry.user,
      userName: entry.name,
      rank: entry.rank,
      value: Math.round(entry.value),
    })),
  };
}
