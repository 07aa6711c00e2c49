/**
 * Reads of one user's keys with plain commands: the snapshot a step sees (the state value, and the
 * stored response or the data hash when asked for), the state, held periods and the journal. The
 * state value is read first, so that anything committed after it changes the version the commit checks:
 * no locks, no MULTI; the commit's version check is what makes an update safe.
 */
import type { Journal, RecordedEvent } from '@kindling/core';
import type { HistoryEntry, OwnerAction, Rollup, UpdateOptions, UserState, ZoneChange } from '@kindling/core/adapter';
import { parseOwnerAction, parseResponse, parseState, parseZoneChange } from './codec.js';
import type { Connection } from './connection.js';
import { escapeName, historyField, idempotencyField, unescapeName, type UserKeys } from './keys.js';
import { decodeEntries, decodeEntriesText } from './rollup-codec.js';
import { blockOf, decodeSegments } from './segments.js';
import { parseBlob, type UserBlob } from './user-blob.js';
import { damaged } from './damaged.js';

/** Ranges of at most this many blocks of held periods are read field by field (HMGET); wider ones read the hash. */
const FIELD_BY_FIELD = 64;

export type DataHash = Record<string, Buffer>;

export interface Snapshot {
  /** the stored version, 0 for a user never seen */
  readonly version: number;
  readonly blob: UserBlob | null;
  readonly user: UserState | null;
  readonly replay: RecordedEvent | null;
  readonly journal: Journal | null;
  /** the whole data hash, when the journal was asked for */
  readonly data: DataHash | null;
}

function toBlob(raw: string | null, key: string): UserBlob | null {
  return raw === null ? null : parseBlob(raw, key);
}

function stateOf(blob: UserBlob | null, key: string): UserState | null {
  return blob === null ? null : parseState(blob.json, key, blob.version);
}

export async function readSnapshot(
  connection: Connection,
  keys: UserKeys,
  options: UpdateOptions | undefined,
): Promise<Snapshot> {
  const { client } = connection;
  const asked = options?.idempotency;
  const state = connection.run(client.get(keys.state), keys.state);
  if (asked === undefined && !options?.journal) {
    // The usual event: the state value alone.
    const blob = toBlob(await state, keys.state);
    return {
      version: blob?.version ?? 0,
      blob,
      user: stateOf(blob, keys.state),
      replay: null,
      journal: null,
      data: null,
    };
  }
  const stored =
    asked === undefined
      ? null
      : connection.run(client.hget(keys.idem, idempotencyField(asked.metric, asked.key)), keys.idem);
  const data = options?.journal ? connection.run(client.hgetallBuffer(keys.data), keys.data) : null;
  const [raw, response, hash] = await Promise.all([state, stored, data]);
  const blob = toBlob(raw, keys.state);
  const user = stateOf(blob, keys.state);
  const replay =
    response === null || asked === undefined
      ? null
      : keptResponse(response, asked.notBefore, `${keys.idem} field ${idempotencyField(asked.metric, asked.key)}`);
  const journal = hash === null ? null : toJournal(blob, hash, keys);
  return { version: blob?.version ?? 0, blob, user, replay, journal, data: hash };
}

/**
 * A record's response when it is in its retention (recorded at or after `notBefore`), else null;
 * a value without an instant (kept before they were written) is answered as it always was.
 */
function keptResponse(raw: string, notBefore: number, where: string): RecordedEvent | null {
  if (raw.startsWith('{')) return parseResponse(raw, where);
  const space = raw.indexOf(' ');
  const recordedAt = space > 0 ? Number(raw.slice(0, space)) : Number.NaN;
  if (!Number.isSafeInteger(recordedAt)) throw damaged(`${where} does not start with the instant it was recorded`);
  return recordedAt < notBefore ? null : parseResponse(raw.slice(space + 1), where);
}

/** Bytes read from the front of a state value for its version: "<version> " fits well within them. */
const VERSION_PREFIX = 24;

/** The stored version (0 for a user never seen) from the front of the state value alone. */
export async function readVersion(connection: Connection, keys: UserKeys): Promise<number> {
  const head = await connection.run(connection.client.getrange(keys.state, 0, VERSION_PREFIX - 1), keys.state);
  if (head === '') return 0;
  const match = /^(\d{1,16}) /.exec(head);
  if (match !== null) return Number(match[1]);
  // Not the usual shape: read it whole, so that a damaged value fails as it does everywhere else.
  const raw = await connection.run(connection.client.get(keys.state), keys.state);
  return raw === null ? 0 : parseBlob(raw, keys.state).version;
}

export async function loadUser(connection: Connection, keys: UserKeys): Promise<UserState | null> {
  const raw = await connection.run(connection.client.get(keys.state), keys.state);
  return stateOf(raw === null ? null : parseBlob(raw, keys.state), keys.state);
}

/** Data hash fields by name (null when absent), and with `allNames` the names of every field. */
export async function readFields(
  connection: Connection,
  keys: UserKeys,
  fields: readonly string[],
  allNames: boolean,
): Promise<{ values: Map<string, Buffer | null>; names: string[] }> {
  const { client } = connection;
  const [values, names] = await Promise.all([
    fields.length === 0 ? [] : connection.run(client.hmgetBuffer(keys.data, ...fields), keys.data),
    allNames ? connection.run(client.hkeys(keys.data), keys.data) : [],
  ]);
  return { values: new Map(fields.map((field, i) => [field, values[i] ?? null])), names };
}

export async function readHistory(
  connection: Connection,
  keys: UserKeys,
  streak: string,
  from: number,
  to: number,
): Promise<HistoryEntry[]> {
  if (!(to >= from)) return [];
  const rule = escapeName(streak);
  const first = blockOf(Math.ceil(from));
  const last = blockOf(Math.floor(to));
  const blocks: Array<[number, string]> = [];
  const { client } = connection;
  const state = connection.run(client.get(keys.state), keys.state);
  if (last - first < FIELD_BY_FIELD) {
    const fields = Array.from({ length: last - first + 1 }, (_, i) => historyField(rule, first + i));
    const values = connection.run(client.hmgetBuffer(keys.data, ...fields), keys.data);
    const [raw, texts] = await Promise.all([state, values]);
    for (const [i, text] of texts.entries()) if (text !== null) blocks.push([first + i, text.toString('utf8')]);
    addTail(blocks, raw, keys.state, rule);
  } else {
    const all = connection.run(client.hgetallBuffer(keys.data), keys.data);
    const [raw, hash] = await Promise.all([state, all]);
    const prefix = `h${rule}:`;
    for (const [field, text] of Object.entries(hash)) {
      if (!field.startsWith(prefix)) continue;
      const block = Number(field.slice(prefix.length));
      if (!Number.isInteger(block)) throw damaged(`${keys.data} field ${field} does not name a block of held periods`);
      if (block >= first && block <= last) blocks.push([block, text.toString('utf8')]);
    }
    addTail(blocks, raw, keys.state, rule);
  }
  const entries: HistoryEntry[] = [];
  for (const [block, text] of blocks) {
    for (const entry of decodeSegments(text, streak, block, `${keys.data} field ${historyField(rule, block)}`))
      if (entry.period >= from && entry.period <= to) entries.push(entry);
  }
  return entries;
}

function addTail(blocks: Array<[number, string]>, raw: string | null, key: string, rule: string): void {
  const tail = raw === null ? undefined : parseBlob(raw, key).history.get(rule);
  if (tail !== undefined) blocks.push([tail.block, tail.text]);
}

export async function readJournal(connection: Connection, keys: UserKeys): Promise<Journal> {
  const { client } = connection;
  const [raw, hash] = await Promise.all([
    connection.run(client.get(keys.state), keys.state),
    connection.run(client.hgetallBuffer(keys.data), keys.data),
  ]);
  return toJournal(raw === null ? null : parseBlob(raw, keys.state), hash, keys);
}

function toJournal(blob: UserBlob | null, hash: DataHash, keys: UserKeys): Journal {
  const rollups: Rollup[] = [];
  const zoneChanges: Array<ZoneChange & { seq: number }> = [];
  const actions: Array<OwnerAction & { seq: number }> = [];
  const series = new Set(blob?.rollups.keys());
  for (const [field, value] of Object.entries(hash)) {
    const where = `${keys.data} field ${field}`;
    if (field.startsWith('r')) series.add(field.slice(1));
    else if (field.startsWith('z'))
      zoneChanges.push({ ...parseZoneChange(value.toString('utf8'), where), seq: Number(field.slice(1)) });
    else if (field.startsWith('a'))
      actions.push({ ...parseOwnerAction(value.toString('utf8'), where), seq: Number(field.slice(1)) });
    else if (!field.startsWith('h')) throw damaged(`${keys.data} holds a field this adapter does not write: ${field}`);
  }
  for (const name of series) {
    const colon = name.lastIndexOf(':');
    const metric = unescapeName(name.slice(0, colon));
    const dayStart = Number(name.slice(colon + 1));
    if (colon < 0 || !Number.isInteger(dayStart))
      throw damaged(`${keys.data} field r${name} does not name a rollup series (<metric>:<dayStart>)`);
    const cold = hash[`r${name}`];
    const days = cold === undefined ? [] : decodeEntries(cold, `${keys.data} field r${name}`);
    const tail = blob?.rollups.get(name);
    if (tail !== undefined) days.push(...decodeEntriesText(tail.days, `${keys.state} tail ${name}`, tail.anchor));
    for (const day of days)
      rollups.push({ metric, dayStart, day: day.day, value: day.value, lastAt: day.lastAt, version: day.version });
  }
  rollups.sort(
    (a, b) =>
      a.version - b.version ||
      (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) ||
      a.dayStart - b.dayStart ||
      a.day - b.day,
  );
  const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;
  return {
    rollups,
    zoneChanges: zoneChanges.sort(bySeq).map(({ seq: _, ...change }) => change),
    actions: actions.sort(bySeq).map(({ seq: _, ...action }) => action as OwnerAction),
  };
}
