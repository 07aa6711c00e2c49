/**
 * A configured points system checked in the core's terms (S27): a ConfigError naming the field for
 * anything the rules cannot run on. The admin API checks the same rules before it stores a system
 * and names the field in its own words; this is the engine's guard for a configuration given to it
 * directly. Counts are bounded so that a configuration cannot make each event slow.
 */
import type { PointsSystemRules, PointsTrigger } from './points-types.js';
import { ConfigError } from '../errors.js';
import { checkRecordKey } from '../keys.js';
import { shown } from '../shown.js';
import { MAX_SUM, MAX_VALUE } from '../sums.js';

/** How many triggers, levels and boosts one system may have. */
export const MAX_TRIGGERS = 100;
export const MAX_LEVELS = 100;
export const MAX_BOOSTS = 1000;
/** The longest interval of a time trigger: 100 years of hours or days. */
export const MAX_TIME_INTERVAL = 876_600;
/** The smallest and largest multiplier of a boost (exclusive). */
export const MAX_MULTIPLIER = 100;

const TRIGGER_TYPES: ReadonlySet<string> = new Set(['metric', 'streak', 'achievement', 'time', 'user_creation']);
const ROUNDINGS: ReadonlySet<string> = new Set(['down', 'up', 'nearest']);

function fail(where: string, what: string, value: unknown): never {
  throw new ConfigError(`points system ${where}: ${what}, got ${shown(value)}`);
}

function checkText(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 255)
    fail(where, 'must be a string of 1 to 255 characters', value);
  return value;
}

function checkWhole(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    fail(where, `must be a whole number from ${min} to ${max}`, value);
  return value;
}

function checkFilter(value: unknown, where: string): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(where, 'must be an object of strings', value);
  const keys = Object.keys(value);
  if (keys.length > 100) fail(where, 'may hold at most 100 attributes', keys.length);
  for (const key of keys) {
    checkText(key, `${where} key`);
    checkText((value as Record<string, unknown>)[key], `${where}.${key}`);
  }
}

function checkTrigger(trigger: PointsTrigger, where: string): void {
  if (typeof trigger !== 'object' || trigger === null) fail(where, 'must be an object', trigger);
  checkRecordKey(checkText(trigger.id, `${where}.id`), `${where}.id`);
  if (!TRIGGER_TYPES.has(trigger.type))
    fail(`${where}.type`, 'must be metric, streak, achievement, time or user_creation', trigger.type);
  const points = checkWhole(trigger.points, `${where}.points`, -MAX_VALUE, MAX_VALUE);
  if (points === 0) fail(`${where}.points`, 'must not be 0', points);
  if (trigger.status !== 'active' && trigger.status !== 'inactive')
    fail(`${where}.status`, 'must be active or inactive', trigger.status);
  checkWhole(trigger.activatedAt, `${where}.activatedAt`, -MAX_SUM, MAX_SUM);
  checkFilter(trigger.userAttributes, `${where}.userAttributes`);
  if (trigger.blockIfOutOfPoints !== undefined && typeof trigger.blockIfOutOfPoints !== 'boolean')
    fail(`${where}.blockIfOutOfPoints`, 'must be true or false', trigger.blockIfOutOfPoints);
  switch (trigger.type) {
    case 'metric':
      checkText(trigger.metric, `${where}.metric`);
      checkWhole(trigger.threshold, `${where}.threshold`, 1, MAX_VALUE);
      checkFilter(trigger.eventAttributes, `${where}.eventAttributes`);
      break;
    case 'streak':
      checkText(trigger.streak, `${where}.streak`);
      checkWhole(trigger.length, `${where}.length`, 1, MAX_VALUE);
      break;
    case 'achievement':
      checkText(trigger.achievement, `${where}.achievement`);
      break;
    case 'time':
      if (trigger.unit !== 'hour' && trigger.unit !== 'day') fail(`${where}.unit`, 'must be hour or day', trigger.unit);
      checkWhole(trigger.interval, `${where}.interval`, 1, MAX_TIME_INTERVAL);
      break;
    default:
      break;
  }
}

function checkList(value: unknown, where: string, max: number): readonly unknown[] {
  if (!Array.isArray(value)) fail(where, 'must be a list', value);
  if (value.length > max) fail(where, `may hold at most ${max}`, value.length);
  return value;
}

/** `system`, when the points rules can run on it; else a ConfigError naming the field. */
export function validatePointsSystem(system: PointsSystemRules): PointsSystemRules {
  if (typeof system !== 'object' || system === null) fail('', 'must be an object', system);
  const key = checkRecordKey(checkText(system.key, 'key'), 'points system key');
  const at = `"${key}"`;
  if (!/^[A-Za-z0-9_-]+$/.test(key)) fail(`${at} key`, 'may hold only letters, digits, - and _', key);
  checkText(system.name, `${at} name`);
  if (system.maxPoints !== null) checkWhole(system.maxPoints, `${at} maxPoints`, 1, MAX_SUM);
  if (system.status !== 'active' && system.status !== 'archived')
    fail(`${at} status`, 'must be active or archived', system.status);
  const triggerIds = new Set<string>();
  checkList(system.triggers, `${at} triggers`, MAX_TRIGGERS).forEach((trigger, i) => {
    checkTrigger(trigger as PointsTrigger, `${at} triggers[${i}]`);
    const { id } = trigger as PointsTrigger;
    if (triggerIds.has(id)) fail(`${at} triggers[${i}].id`, 'is already the id of another trigger', id);
    triggerIds.add(id);
  });
  const levelKeys = new Set<string>();
  checkList(system.levels, `${at} levels`, MAX_LEVELS).forEach((item, i) => {
    const level = item as PointsSystemRules['levels'][number];
    if (typeof level !== 'object' || level === null) fail(`${at} levels[${i}]`, 'must be an object', level);
    checkText(level.id, `${at} levels[${i}].id`);
    checkText(level.key, `${at} levels[${i}].key`);
    if (levelKeys.has(level.key)) fail(`${at} levels[${i}].key`, 'is already in use by another level', level.key);
    levelKeys.add(level.key);
    checkWhole(level.points, `${at} levels[${i}].points`, 0, MAX_SUM);
    checkWhole(level.createdAt, `${at} levels[${i}].createdAt`, -MAX_SUM, MAX_SUM);
  });
  checkList(system.boosts, `${at} boosts`, MAX_BOOSTS).forEach((item, i) => {
    const boost = item as PointsSystemRules['boosts'][number];
    const where = `${at} boosts[${i}]`;
    if (typeof boost !== 'object' || boost === null) fail(where, 'must be an object', boost);
    checkText(boost.id, `${where}.id`);
    checkWhole(boost.start, `${where}.start`, -1e8, 1e8);
    if (boost.end !== null) checkWhole(boost.end, `${where}.end`, boost.start, 1e8);
    const m = boost.multiplier;
    if (typeof m !== 'number' || !Number.isFinite(m) || m <= 0 || m >= MAX_MULTIPLIER || m === 1)
      fail(`${where}.multiplier`, `must be above 0 and below ${MAX_MULTIPLIER}, and not 1`, m);
    if (!ROUNDINGS.has(boost.rounding)) fail(`${where}.rounding`, 'must be down, up or nearest', boost.rounding);
    checkFilter(boost.userAttributes, `${where}.userAttributes`);
    const forUser = boost.userId !== undefined && boost.userId !== null;
    if (forUser) checkText(boost.userId, `${where}.userId`);
    if (forUser && boost.userAttributes !== undefined && Object.keys(boost.userAttributes).length > 0)
      fail(
        `${where}.userAttributes`,
        'cannot be given with userId (a boost is for one user or for users by attributes)',
        boost.userAttributes,
      );
  });
  return system;
}
