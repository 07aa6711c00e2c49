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
export function currentStreakWire(streak: CurrentStreak | null, rule: RuleConfig | null): Record<string, unknown> {
  if (streak === null) {
    return { length: 0, frequency: rule?.frequency ?? 'daily', started: null, periodStart: null, periodEnd: null, expires: null, extended: false };
  }
  const { length, frequency, started, periodStart, periodEnd, expires, extended } = streak;
  const wire: Record<string, unknown> & WireFreezes = { length, frequency, started, periodStart, periodEnd, expires, extended };
  addFreezeFields(wire, rule, streak.freezes, streak.maxFreezes);
  return wire;
}

/** The answer of GET /v1/users/:id/streak as JSON text (see streak-json.ts). */
export function streakReadJson(read: StreakRead | null, rule: RuleConfig | null): string {
  if (read === null) {
    return JSON.stringify({ length: 0, frequency: rule?.frequency ?? 'daily', started: null, periodStart: null, periodEnd: null, expires: null, extended: null, longest: 0, pauses: [], streakHistory: [] });
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
export function streakReadWire(read: StreakRead | null, rule: RuleConfig | null): Record<string, unknown> {
  return JSON.parse(streakReadJson(read, rule)) as Record<string, unknown>;
}
