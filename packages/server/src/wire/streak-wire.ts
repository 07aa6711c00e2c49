/**
 * Streaks on the wire, in the shapes the hosted service's SDKs parse: the event response's
 * `currentStreak` (extended: boolean) and the streak read (extended: the last extension's instant).
 */
import type { CurrentStreak, StreakRead } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { RuleConfig } from '../control/types.js';
import { flag, frequency, number, text, textOrNull } from './primitives.js';
import { streakJson } from './streak-json.js';

/** Present when the rule has freezes; the earning pair when it earns them. */
const freezeProperties = {
  freezes: { ...number, description: 'freezes the user holds (when the rule has freezes)' },
  maxFreezes: number,
  freezeAutoEarnInterval: { ...number, description: 'periods of streak that earn freezes (when the rule earns them)' },
  freezeAutoEarnAmount: number,
} as const;

const periodProperties = {
  length: number,
  frequency,
  started: { ...textOrNull, description: 'local date the streak started, YYYY-MM-DD' },
  periodStart: textOrNull,
  periodEnd: textOrNull,
  expires: { ...textOrNull, description: 'local date the streak is lost on unless extended' },
} as const;

/** `currentStreak` of an event answer: `extended` says whether this event extended it. */
export const currentStreakSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['length', 'frequency', 'started', 'periodStart', 'periodEnd', 'expires', 'extended'],
  properties: { ...periodProperties, extended: flag, ...freezeProperties },
} as const;

export const streakPeriodSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['periodStart', 'periodEnd', 'length', 'usedPause'],
  properties: {
    periodStart: text,
    periodEnd: text,
    length: number,
    usedFreeze: { ...flag, description: 'absent when the rule has no freezes' },
    usedPause: flag,
  },
} as const;

/** GET /v1/users/:id/streak: `extended` is the instant of the last extension. */
export const streakReadSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'length',
    'frequency',
    'started',
    'periodStart',
    'periodEnd',
    'expires',
    'extended',
    'longest',
    'pauses',
    'streakHistory',
  ],
  properties: {
    ...periodProperties,
    expiresAt: { ...textOrNull, description: 'the instant the streak is lost unless extended' },
    extended: { ...textOrNull, description: 'the instant of the last extension' },
    longest: number,
    ...freezeProperties,
    pauses: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'start', 'end'],
        properties: { id: text, start: text, end: text },
      },
    },
    streakHistory: {
      type: 'array',
      description: 'oldest first, ending with the current period',
      items: streakPeriodSchema,
    },
  },
} as const;

export type CurrentStreakWire = FromSchema<typeof currentStreakSchema>;
export type StreakReadWire = FromSchema<typeof streakReadSchema>;

export interface WireFreezes {
  freezes?: number;
  maxFreezes?: number;
  freezeAutoEarnInterval?: number;
  freezeAutoEarnAmount?: number;
}

/**
 * Adds to `target` the freeze fields the rule has, after its other fields. Assigned rather than
 * spread in: the event answer is built on every event, and JSON.stringify is slower on objects
 * whose shape a spread made (with the spreads of the answer around it, about 0.8 µs an event).
 */
function addFreezeFields(target: WireFreezes, rule: RuleConfig | null, freezes: number, maxFreezes: number): void {
  if (rule === null || rule.freezes === null) return;
  target.freezes = freezes;
  target.maxFreezes = maxFreezes;
  const earn = rule.freezes.earn;
  if (earn === null) return;
  target.freezeAutoEarnInterval = earn.every;
  target.freezeAutoEarnAmount = earn.amount;
}

/** `currentStreak` of an event response; a zero streak when the account has no rule. */
export function currentStreakWire(streak: CurrentStreak | null, rule: RuleConfig | null): CurrentStreakWire {
  if (streak === null) {
    return {
      length: 0,
      frequency: rule?.frequency ?? 'daily',
      started: null,
      periodStart: null,
      periodEnd: null,
      expires: null,
      extended: false,
    };
  }
  const { length, frequency, started, periodStart, periodEnd, expires, extended } = streak;
  const wire: CurrentStreakWire = { length, frequency, started, periodStart, periodEnd, expires, extended };
  addFreezeFields(wire, rule, streak.freezes, streak.maxFreezes);
  return wire;
}

/** The answer of GET /v1/users/:id/streak as JSON text (see streak-json.ts). */
export function streakReadJson(read: StreakRead | null, rule: RuleConfig | null): string {
  if (read === null) {
    return JSON.stringify({
      length: 0,
      frequency: rule?.frequency ?? 'daily',
      started: null,
      periodStart: null,
      periodEnd: null,
      expires: null,
      extended: null,
      longest: 0,
      pauses: [],
      streakHistory: [],
    });
  }
  const fields: Record<string, unknown> & WireFreezes = {
    length: read.length,
    frequency: read.frequency,
    started: read.started,
    periodStart: read.periodStart,
    periodEnd: read.periodEnd,
    expires: read.expires,
    expiresAt: read.expiresAt,
    extended: read.extendedAt,
    longest: read.longest,
  };
  addFreezeFields(fields, rule, read.freezes, read.maxFreezes);
  fields.pauses = read.pauses.map((p) => ({ id: p.id, start: p.start, end: p.end }));
  return streakJson(fields, read.streakHistory, rule !== null && rule.freezes !== null);
}

/** The same answer as an object (for answers that embed it, like the admin user view). */
export function streakReadWire(read: StreakRead | null, rule: RuleConfig | null): StreakReadWire {
  return JSON.parse(streakReadJson(read, rule)) as StreakReadWire;
}
