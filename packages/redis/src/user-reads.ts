/**
 * Reads of one user's keys: the snapshot a step sees (one MULTI, so the state, the stored response
 * and the journal are of one moment), the state, held periods and journal. No locks: the commit's
 * version check is what makes an update safe.
 */
import { StoreError, type HistoryEntry, type Journal, type OwnerAction, type RecordResult, type UpdateOptions, type UserState, type ZoneChange } from '@kindling/core';
import { attempt, toStoreError, type Connection } from './connection.js';
import { parseHistoryValue, parseJournalLine, parseResponse, parseRollup, parseState } from './codec.js';
import { escapeName, historyField, idempotencyField, type UserKeys } from './keys.js';

/** Ranges of at most this many periods are read field by field (HMGET); wider ones read the hash. */
const FIELD_BY_FIELD = 512;

export interface Snapshot {
  /** the stored version, 0 for a user never seen */
  readonly version: number;
  readonly user: UserState | null;
  readonly replay: RecordResult | null;
  readonly journal: Journal | null;
}

function toJournal(rollupHash: Record<string, string>, lines: readonly string[], keys: UserKeys): Journal {
  const rollups = Object.entries(rollupHash)
    .map(([field, raw]) => parseRollup(field, raw, keys.roll))
    .sort((a, b) => a.version - b.version || (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) || a.dayStart - b.dayStart || a.day - b.day);
  const zoneChanges: ZoneChange[] = [];
  const actions: OwnerAction[] = [];
  for (const raw of lines) {
    const line = parseJournalLine(raw, keys.journal);
    if ('zone' in line) zoneChanges.push(line.zone);
    else actions.push(line.action);
  }
  return { rollups, zoneChanges, actions };
}

/** The result of one command of a MULTI, with its failure as a StoreError naming the key. */
function resultOf<T>(results: Array<[Error | null, unknown]> | null, index: number, key: string): T {
  const entry = results?.[index];
  if (entry === undefined) throw new StoreError(`redis returned no result for ${key} (transaction aborted)`);
  if (entry[0] !== null) throw toStoreError(entry[0], key);
  return entry[1] as T;
}

export async function readSnapshot(connection: Connection, keys: UserKeys, options: UpdateOptions | undefined): Promise<Snapshot> {
  const asked = options?.idempotency;
  const multi = connection.client.multi().get(keys.state);
  if (asked !== undefined) multi.hget(keys.idem, idempotencyField(asked.metric, asked.key));
  if (options?.journal) multi.hgetall(keys.roll).lrange(keys.journal, 0, -1);
  const results = await attempt(multi.exec(), keys.state);
  const raw = resultOf<string | null>(results, 0, keys.state);
  const user = raw === null ? null : parseState(raw, keys.state);
  let next = 1;
  let replay: RecordResult | null = null;
  if (asked !== undefined) {
    const stored = resultOf<string | null>(results, next++, keys.idem);
    if (stored !== null) replay = parseResponse(stored, `${keys.idem} field ${idempotencyField(asked.metric, asked.key)}`);
  }
  let journal: Journal | null = null;
  if (options?.journal) {
    const rollups = resultOf<Record<string, string>>(results, next++, keys.roll);
    const lines = resultOf<string[]>(results, next++, keys.journal);
    journal = toJournal(rollups, lines, keys);
  }
  return { version: user?.version ?? 0, user, replay, journal };
}

export async function loadUser(connection: Connection, keys: UserKeys): Promise<UserState | null> {
  const raw = await attempt(connection.client.get(keys.state), keys.state);
  return raw === null ? null : parseState(raw, keys.state);
}

export async function readHistory(connection: Connection, keys: UserKeys, streak: string, from: number, to: number): Promise<HistoryEntry[]> {
  if (!(to >= from)) return [];
  const entries: HistoryEntry[] = [];
  if (to - from < FIELD_BY_FIELD) {
    const periods = Array.from({ length: Math.floor(to) - Math.ceil(from) + 1 }, (_, i) => Math.ceil(from) + i);
    if (periods.length === 0) return [];
    const fields = periods.map((period) => historyField(streak, period));
    const values = await attempt(connection.client.hmget(keys.hist, ...fields), keys.hist);
    values.forEach((raw, i) => {
      if (raw !== null) entries.push(parseHistoryValue(raw, streak, periods[i] as number, `${keys.hist} field ${fields[i]}`));
    });
    return entries;
  }
  const all = await attempt(connection.client.hgetall(keys.hist), keys.hist);
  const prefix = `${escapeName(streak)}:`;
  for (const [field, raw] of Object.entries(all)) {
    if (!field.startsWith(prefix)) continue;
    const period = Number(field.slice(prefix.length));
    if (!Number.isInteger(period)) throw new StoreError(`${keys.hist} field ${field} does not name a period`);
    if (period >= from && period <= to) entries.push(parseHistoryValue(raw, streak, period, `${keys.hist} field ${field}`));
  }
  return entries;
}

export async function readJournal(connection: Connection, keys: UserKeys): Promise<Journal> {
  const results = await attempt(connection.client.multi().hgetall(keys.roll).lrange(keys.journal, 0, -1).exec(), keys.roll);
  return toJournal(resultOf(results, 0, keys.roll), resultOf(results, 1, keys.journal), keys);
}
