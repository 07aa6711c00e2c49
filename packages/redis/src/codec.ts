/**
 * What the values under the keys look like, both ways. Every parse checks the shape it needs and
 * fails with a StoreError naming the key (and field): data this adapter did not write is never
 * taken for empty.
 */
import { StoreError, type HeldBy, type HistoryEntry, type OwnerAction, type RecordResult, type Rollup, type UserState, type ZoneChange } from '@kindling/core';
import { unescapeName } from './keys.js';

const HELD_BY: ReadonlySet<string> = new Set<HeldBy>(['met', 'freeze', 'pause', 'excused', 'restore']);

function parseJson(raw: string, where: string, what: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new StoreError(`${where} does not hold ${what}: not JSON (${raw.slice(0, 60)})`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseState(raw: string, key: string): UserState {
  const state = parseJson(raw, key, 'a user state');
  if (
    !isObject(state) ||
    typeof state.id !== 'string' ||
    typeof state.version !== 'number' ||
    !Number.isInteger(state.version) ||
    state.version < 1 ||
    !isObject(state.totals) ||
    !isObject(state.streaks) ||
    !isObject(state.achievements)
  ) {
    throw new StoreError(`${key} does not hold a user state: expected an object with id, version ≥ 1, totals, streaks and achievements`);
  }
  return state as unknown as UserState;
}

export function formatHistoryValue(entry: HistoryEntry): string {
  return JSON.stringify({ length: entry.length, heldBy: entry.heldBy });
}

export function parseHistoryValue(raw: string, streak: string, period: number, where: string): HistoryEntry {
  const value = parseJson(raw, where, 'a held period');
  if (!isObject(value) || typeof value.length !== 'number' || typeof value.heldBy !== 'string' || !HELD_BY.has(value.heldBy)) {
    throw new StoreError(`${where} does not hold a held period: expected {"length","heldBy"}, got ${raw.slice(0, 60)}`);
  }
  return { streak, period, length: value.length, heldBy: value.heldBy as HeldBy };
}

/**
 * `"<value> <lastAt> <version>"` under the field `<metric>:<dayStart>:<day>`; the commit script
 * merges into it (value added, lastAt the maximum, version the minimum).
 */
export function parseRollup(field: string, raw: string, key: string): Rollup {
  const parts = field.split(':');
  const values = raw.split(' ');
  const [metric, dayStart, day] = parts.length === 3 ? [unescapeName(parts[0] as string), Number(parts[1]), Number(parts[2])] : ['', Number.NaN, Number.NaN];
  const [value, lastAt, version] = values.length === 3 ? values.map(Number) : [Number.NaN, Number.NaN, Number.NaN];
  if (!Number.isInteger(dayStart) || !Number.isInteger(day) || !Number.isFinite(value) || !Number.isFinite(lastAt) || !Number.isInteger(version)) {
    throw new StoreError(
      `${key} field ${field} does not hold a rollup: expected field <metric>:<dayStart>:<day> and value "<value> <lastAt> <version>", got "${raw.slice(0, 60)}"`,
    );
  }
  return { metric, dayStart, day, value: value as number, lastAt: lastAt as number, version: version as number };
}

export type JournalLine = { readonly zone: ZoneChange } | { readonly action: OwnerAction };

export function formatJournalLine(line: JournalLine): string {
  return JSON.stringify(line);
}

export function parseJournalLine(raw: string, key: string): JournalLine {
  const line = parseJson(raw, key, 'a journal line');
  if (isObject(line) && isObject(line.zone) && typeof line.zone.to === 'string' && typeof line.zone.version === 'number') return line as JournalLine;
  if (isObject(line) && isObject(line.action) && typeof line.action.kind === 'string' && typeof line.action.version === 'number') return line as JournalLine;
  throw new StoreError(`${key} holds a journal line that is neither {"zone"} nor {"action"}: ${raw.slice(0, 60)}`);
}

export function parseResponse(raw: string, where: string): RecordResult {
  const response = parseJson(raw, where, 'a stored response');
  if (!isObject(response) || typeof response.eventId !== 'string') throw new StoreError(`${where} does not hold a stored response`);
  return response as unknown as RecordResult;
}

/** An index line as the index script keeps it: `"<version> <length> <longest> <deadAt> <expiresAt>"`. */
export interface StoredIndexEntry {
  readonly version: number;
  readonly length: number;
  readonly longest: number;
  readonly deadAt: number;
  readonly expiresAt: number;
}

export function parseIndexEntry(raw: string, where: string): StoredIndexEntry {
  const parts = raw.split(' ').map(Number);
  if (parts.length !== 5 || parts.some((n) => !Number.isFinite(n))) throw new StoreError(`${where} does not hold an index entry: "${raw.slice(0, 60)}"`);
  const [version, length, longest, deadAt, expiresAt] = parts as [number, number, number, number, number];
  return { version, length, longest, deadAt, expiresAt };
}
