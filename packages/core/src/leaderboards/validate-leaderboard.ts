/**
 * S40: a board checked in the core's terms: a ConfigError naming the field for anything the rules
 * cannot run on. The admin API checks the same before it stores a board and names the field in its
 * own words (and holds `maxParticipants` to the hosted service's 1,000 unless an instance lifts
 * it); this is the engine's guard for a board given to it directly.
 */
import { ConfigError } from '../errors.js';
import { checkRecordKey } from '../keys.js';
import { shown } from '../shown.js';
import { dayFromCivil, DAY_MS, FIRST_YEAR, LAST_YEAR } from '../time/calendar.js';
import type { LeaderboardRules } from './leaderboard-types.js';

/** How many breakdown attributes one board may have. */
export const MAX_BREAKDOWN = 10;
/** The longest run: 100 years of days, or 100 years. */
export const MAX_RUN_INTERVAL = 36_525;

const FIRST_DAY = dayFromCivil(FIRST_YEAR, 1, 1);
const LAST_DAY = dayFromCivil(LAST_YEAR, 12, 31);
const RANK_BY: ReadonlySet<string> = new Set(['metric', 'points', 'streak']);
const UNITS: ReadonlySet<string> = new Set(['day', 'month', 'year']);
const STATUSES: ReadonlySet<string> = new Set(['inactive', 'active', 'finished']);

function fail(where: string, what: string, value: unknown): never {
  throw new ConfigError(`leaderboard ${where}: ${what}, got ${shown(value)}`);
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

function checkTime(value: unknown, where: string): void {
  if (value !== null) checkWhole(value, where, 0, DAY_MS - 1);
}

/** Throws a ConfigError naming the field when `board` is no board the rules can run on. */
export function validateLeaderboard(board: LeaderboardRules): void {
  if (typeof board !== 'object' || board === null) fail('', 'must be an object', board);
  checkText(board.id, 'id');
  const key = checkRecordKey(checkText(board.key, 'key'), 'leaderboard key');
  const at = `"${key}"`;
  if (!/^[A-Za-z0-9_-]+$/.test(key)) fail(`${at} key`, 'may hold only letters, digits, - and _', key);
  const rankBy = board.rankBy as { kind?: unknown } | null;
  if (typeof rankBy !== 'object' || rankBy === null || !RANK_BY.has(rankBy.kind as string))
    fail(`${at} rankBy`, 'must rank by a metric, a points system or a streak', rankBy);
  const named =
    board.rankBy.kind === 'metric'
      ? board.rankBy.metric
      : board.rankBy.kind === 'points'
        ? board.rankBy.system
        : board.rankBy.streak;
  checkText(named, `${at} rankBy.${board.rankBy.kind === 'points' ? 'system' : board.rankBy.kind}`);
  if (!STATUSES.has(board.status)) fail(`${at} status`, 'must be inactive, active or finished', board.status);
  if (typeof board.activatedAt !== 'number' || !Number.isFinite(board.activatedAt))
    fail(`${at} activatedAt`, 'must be an instant (epoch ms)', board.activatedAt);
  checkWhole(board.start, `${at} start`, FIRST_DAY, LAST_DAY);
  if (board.end !== null) {
    checkWhole(board.end, `${at} end`, FIRST_DAY, LAST_DAY);
    if (board.end < board.start) fail(`${at} end`, 'must not be before the start', board.end);
  }
  if (board.repeat !== null) {
    if (typeof board.repeat !== 'object' || !UNITS.has(board.repeat.unit))
      fail(`${at} repeat.unit`, 'must be day, month or year', board.repeat?.unit);
    checkWhole(board.repeat.interval, `${at} repeat.interval`, 1, MAX_RUN_INTERVAL);
    if (board.rankBy.kind === 'streak') fail(`${at} repeat`, 'a board ranking by streak cannot repeat', board.repeat);
  }
  if (board.window !== null) {
    checkTime(board.window.from, `${at} window.from`);
    checkTime(board.window.until, `${at} window.until`);
    if (board.window.from === null && board.window.until === null)
      fail(`${at} window`, 'must have a start, an end or both (null: every time counts)', board.window);
    if (board.window.from === board.window.until) fail(`${at} window`, 'must not start when it ends', board.window);
  }
  if (!Array.isArray(board.breakdown) || board.breakdown.length > MAX_BREAKDOWN)
    fail(`${at} breakdown`, `must be a list of at most ${MAX_BREAKDOWN} attributes`, board.breakdown);
  const seen = new Set<string>();
  for (const [i, attribute] of board.breakdown.entries()) {
    checkText(attribute, `${at} breakdown[${i}]`);
    if (seen.has(attribute)) fail(`${at} breakdown[${i}]`, 'names an attribute already listed', attribute);
    seen.add(attribute);
  }
  checkWhole(board.maxParticipants, `${at} maxParticipants`, 1, Number.MAX_SAFE_INTEGER);
}
