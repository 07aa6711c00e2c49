/**
 * The checks several points resources share, each problem as the message of an item's issue
 * naming its field: keys, names, descriptions, badges, bounded integers, attribute filters by id,
 * calendar dates; and finding a points system of the configuration (not archived) by id.
 */
import { keyFor } from '@kindling/core';
import type { AccountConfig, AttributeFilter, PointsSystemDef } from '../control/types.js';
import { badgeUrlProblem } from './achievement-checks.js';
import { nameProblem } from './names.js';
import { ServiceError } from '../errors/service-errors.js';

/** The largest number of points anything may name (a trigger's award, a level's threshold, a bound). */
export const MAX_POINTS = 1_000_000_000;

/** The longest description of a points system or level. */
export const MAX_DESCRIPTION_LENGTH = 2000;

/** What is wrong with a given key (the core's key rule), or null. */
export function givenKeyProblem(key: string): string | null {
  const named = keyFor({ name: key, key });
  return 'problem' in named ? named.problem : null;
}

/** What is wrong with a name (trimmed, not blank, shown text), or null. */
export function pointsNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Name must not be blank';
  const problem = nameProblem(name.trim());
  return problem === null ? null : `name ${problem}`;
}

export function descriptionProblem(description: string | null | undefined): string | null {
  if (description === undefined || description === null) return null;
  return description.length > MAX_DESCRIPTION_LENGTH
    ? `description is at most ${MAX_DESCRIPTION_LENGTH} characters`
    : null;
}

/** What is wrong with a badge (`{url}`, an https URL, or null), or null. */
export function badgeProblem(badge: { url: string } | null | undefined): string | null {
  if (badge === undefined || badge === null) return null;
  const problem = badgeUrlProblem(badge.url);
  return problem === null ? null : problem.replace(/^badgeUrl/, 'badge.url');
}

/** What is wrong with `value` as an integer of `field` in min..max, or null. */
export function integerProblem(field: string, value: unknown, min: number, max = MAX_POINTS): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return `${field} must be an integer from ${min} to ${max}`;
  return null;
}

/** What is wrong with the points of a trigger: a non-zero integer within ±MAX_POINTS (negative deducts), or null. */
export function triggerPointsProblem(points: unknown): string | null {
  if (typeof points !== 'number' || !Number.isInteger(points) || points === 0 || Math.abs(points) > MAX_POINTS)
    return `points must be a non-zero integer from -${MAX_POINTS} to ${MAX_POINTS}`;
  return null;
}

/** What is wrong with a bound of a system's points (an integer of 1 or more, or null: none), or null. */
export function maxPointsProblem(maxPoints: unknown): string | null {
  if (maxPoints === undefined || maxPoints === null) return null;
  return integerProblem('maxPoints', maxPoints, 1);
}

/**
 * What is wrong with attribute filters of `field` under `config`: each `attributeId` the id of a
 * declared attribute of `type`, each once; or null.
 */
export function attributeFilterProblem(
  field: 'userAttributes' | 'eventAttributes',
  filters: readonly AttributeFilter[] | null | undefined,
  type: 'user' | 'event',
  config: AccountConfig,
): string | null {
  if (filters === undefined || filters === null) return null;
  const declared = new Set((config.attributes ?? []).filter((a) => a.type === type).map((a) => a.id));
  const seen = new Set<string>();
  for (const { attributeId } of filters) {
    if (!declared.has(attributeId))
      return `${field}: ${JSON.stringify(attributeId.slice(0, 64))} is not the id of ${type === 'user' ? 'a user' : 'an event'} attribute`;
    if (seen.has(attributeId)) return `${field} names the attribute ${JSON.stringify(attributeId)} twice`;
    seen.add(attributeId);
  }
  return null;
}

/** A copy of filters (null or absent: none), with only their two fields. */
export function copyFilters(filters: readonly AttributeFilter[] | null | undefined): AttributeFilter[] {
  return (filters ?? []).map(({ attributeId, attributeValue }) => ({ attributeId, attributeValue }));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar date, YYYY-MM-DD (years 1970..9999). */
export function isCalendarDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (parts === null) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1970) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The account's points systems (none in a configuration written before points). */
export function systemsOf(config: AccountConfig): readonly PointsSystemDef[] {
  return config.points ?? [];
}

/** The system with `id`, not archived, or undefined. */
export function liveSystem(config: AccountConfig, id: string): PointsSystemDef | undefined {
  return systemsOf(config).find((s) => s.id === id && s.status !== 'archived');
}

/** `config` with `system` in place of the one of its id. */
export function replaceSystem(config: AccountConfig, system: PointsSystemDef): AccountConfig {
  return { ...config, points: systemsOf(config).map((s) => (s.id === system.id ? system : s)) };
}

/** How many boosts all the account's systems hold. */
export function boostsInAccount(config: AccountConfig): number {
  return systemsOf(config).reduce((sum, s) => sum + s.boosts.length, 0);
}

/** The 404 of a points system this account does not have (or archived). */
export function missingSystem(systemId: string): ServiceError {
  return new ServiceError('NOT_FOUND', `no points system of this account has the id ${JSON.stringify(systemId)}`);
}
