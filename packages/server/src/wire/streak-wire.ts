/**
 * Streaks on the wire, in the shapes the hosted service's SDKs parse: the event response's
 * `currentStreak` (extended: boolean) and the streak read (extended: the last extension's instant).
 */
import type { CurrentStreak, StreakRead } from '@kindling/core';
import type { RuleConfig } from '../control/types.js';
import { streakJson } from './streak-json.js';

export interface WireFreezes {
  freezes?: number;
  maxFreezes?: number;
  freezeAutoEarnInterval?: number;
  freezeAutoEarnAmount?: number;
}

function freezeFields(rule: RuleConfig | null, freezes: number, maxFreezes: number): WireFreezes {
  if (rule === null || rule.freezes === null) return {};
  const earn = rule.freezes.earn;
  return { freezes, maxFreezes, ...(earn !== null ? { freezeAutoEarnInterval: earn.every, freezeAutoEarnAmount: earn.amount } : {}) };
}

/**
 * `currentStreak` of an event response; a zero streak when the account has no rule. Written as
 * object literals, one per shape, rather than with spreads: it is built on every event, and
 * JSON.stringify is slower on objects whose shape a spread made (about 0.8 µs an event).
 */
export function currentStreakWire(streak: CurrentStreak | null, rule: RuleConfig | null): Record<string, unknown> {
  if (streak === null) {
    return { length: 0, frequency: rule?.frequency ?? 'daily', started: null, periodStart: null, periodEnd: null, expires: null, extended: false };
  }
  const { length, frequency, started, periodStart, periodEnd, expires, extended, freezes, maxFreezes } = streak;
  if (rule === null || rule.freezes === null) return { length, frequency, started, periodStart, periodEnd, expires, extended };
  const earn = rule.freezes.earn;
  if (earn === null) return { length, frequency, started, periodStart, periodEnd, expires, extended, freezes, maxFreezes };
  return { length, frequency, started, periodStart, periodEnd, expires, extended, freezes, maxFreezes, freezeAutoEarnInterval: earn.every, freezeAutoEarnAmount: earn.amount };
}

/** The answer of GET /v1/users/:id/streak as JSON text (see streak-json.ts). */
export function streakReadJson(read: StreakRead | null, rule: RuleConfig | null): string {
  if (read === null) {
    return JSON.stringify({ length: 0, frequency: rule?.frequency ?? 'daily', started: null, periodStart: null, periodEnd: null, expires: null, extended: null, longest: 0, pauses: [], streakHistory: [] });
  }
  const fields = {
    length: read.length,
    frequency: read.frequency,
    started: read.started,
    periodStart: read.periodStart,
    periodEnd: read.periodEnd,
    expires: read.expires,
    expiresAt: read.expiresAt,
    extended: read.extendedAt,
    longest: read.longest,
    ...freezeFields(rule, read.freezes, read.maxFreezes),
    pauses: read.pauses.map((p) => ({ id: p.id, start: p.start, end: p.end })),
  };
  return streakJson(fields, read.streakHistory, rule !== null && rule.freezes !== null);
}

/** The same answer as an object (for answers that embed it, like the admin user view). */
export function streakReadWire(read: StreakRead | null, rule: RuleConfig | null): Record<string, unknown> {
  return JSON.parse(streakReadJson(read, rule)) as Record<string, unknown>;
}
