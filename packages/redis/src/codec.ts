/**
 * What the values under the keys look like, both ways. Every parse checks the shape it needs and
 * fails with a StoreError naming the key (and field): data this adapter did not write is never
 * taken for empty.
 */
import type { RecordedEvent } from '@kindling/core';
import { NEVER, type OwnerAction, type UserState, type ZoneChange, unpackPoints } from '@kindling/core/adapter';
import { damaged } from './damaged.js';

function parseJson(raw: string, where: string, what: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw damaged(`${where} does not hold ${what}: not JSON (${raw.slice(0, 60)})`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The state JSON of a user blob whose version prefix is `version`. */
export function parseState(raw: string, key: string, version: number): UserState {
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
    throw damaged(
      `${key} does not hold a user state: expected an object with id, version ≥ 1, totals, streaks and achievements`,
    );
  }
  if (state.version !== version)
    throw damaged(
      `${key} does not hold a user state: its version prefix ${version} is not its state's version ${state.version}`,
    );
  // points states packed (write-plan.ts, schema 4), or the object keyed by system as before
  if (Array.isArray(state.points)) {
    const points = unpackPoints(state.points);
    if (points === undefined) throw damaged(`${key} does not hold a user state: its packed points states are not`);
    state.points = points;
  }
  return state as unknown as UserState;
}

/** A journal line of the data hash: `z<version>` → a zone change, `a<version>` → an owner action. */
export function parseZoneChange(raw: string, where: string): ZoneChange {
  const line = parseJson(raw, where, 'a zone change');
  if (isObject(line) && typeof line.to === 'string' && typeof line.version === 'number' && typeof line.at === 'number')
    return line as unknown as ZoneChange;
  throw damaged(`${where} does not hold a zone change: ${raw.slice(0, 60)}`);
}

export function parseOwnerAction(raw: string, where: string): OwnerAction {
  const line = parseJson(raw, where, 'an owner action');
  if (
    isObject(line) &&
    typeof line.kind === 'string' &&
    typeof line.version === 'number' &&
    (typeof line.streak === 'string' || (line.kind === 'settle' && isObject(line.days)))
  )
    return line as unknown as OwnerAction;
  throw damaged(`${where} does not hold an owner action: ${raw.slice(0, 60)}`);
}

export function parseResponse(raw: string, where: string): RecordedEvent {
  const response = parseJson(raw, where, 'a stored response');
  if (!isObject(response) || typeof response.eventId !== 'string')
    throw damaged(`${where} does not hold a stored response`);
  return response as unknown as RecordedEvent;
}

/** An index line as the index script keeps it: `"<version> <length> <longest> <deadAt> <expiresAt>"`. */
export interface StoredIndexEntry {
  readonly version: number;
  readonly length: number;
  readonly longest: number;
  readonly deadAt: number;
  readonly expiresAt: number;
  readonly earnsAt: number;
}

export function parseIndexEntry(raw: string, where: string): StoredIndexEntry {
  const parts = raw.split(' ').map(Number);
  // five numbers on lines written before earnsAt (never due for an earning until written again)
  if ((parts.length !== 5 && parts.length !== 6) || parts.some((n) => !Number.isFinite(n)))
    throw damaged(`${where} does not hold an index entry: "${raw.slice(0, 60)}"`);
  const [version, length, longest, deadAt, expiresAt, earnsAt = NEVER] = parts as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  return { version, length, longest, deadAt, expiresAt, earnsAt };
}
