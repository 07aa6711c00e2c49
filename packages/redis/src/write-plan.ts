/**
 * What one write changes in a user's keys, worked out in the client: the new state value with its
 * tails, and the data hash fields to set, append to or delete. The commit script only checks the
 * version and writes these bytes. Most writes touch only the tails; a write to older days or
 * blocks, or one that replaces the history, first reads the fields it needs (fieldsToRead).
 */
import {
  checkDaySum,
  type HistoryEntry,
  packPoints,
  type Rollup,
  type UserState,
  type UserWrite,
} from '@kindling/core/adapter';
import { escapeName, historyField, journalField, rollupField, seriesName, type UserKeys } from './keys.js';
import {
  decodeEntries,
  decodeEntriesText,
  encodeEntriesText,
  mergeEntry,
  ORIGIN,
  writeEntries,
} from './rollup-codec.js';
import { blockOf, decodeSegments, encodeSegments } from './segments.js';
import { formatBlob, type HistoryTail, type RollupTail, type UserBlob } from './user-blob.js';
import { ByteWriter } from './varint.js';

/** A tail holding more days than this moves all but its last day to the data hash (an append). */
export const TAIL_DAYS = 16;

export interface CommitOps {
  readonly state: string;
  readonly set: Array<[string, Buffer | string]>;
  readonly append: Array<[string, Buffer]>;
  readonly del: string[];
}

/** What a write needs to read first: data hash fields, and with `allHistory` every field name. */
export interface NeededReads {
  readonly fields: string[];
  readonly allHistory: boolean;
}

const EMPTY_TAIL: RollupTail = { anchor: ORIGIN, days: '' };

function bySeries(rollups: readonly Rollup[]): Map<string, Rollup[]> {
  const out = new Map<string, Rollup[]>();
  for (const rollup of rollups) {
    const name = seriesName(rollup.metric, rollup.dayStart);
    const list = out.get(name);
    if (list === undefined) out.set(name, [rollup]);
    else list.push(rollup);
  }
  return out;
}

function byRule(entries: readonly HistoryEntry[]): Map<string, HistoryEntry[]> {
  const out = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    const name = escapeName(entry.streak);
    const list = out.get(name);
    if (list === undefined) out.set(name, [entry]);
    else list.push(entry);
  }
  return out;
}

/** A write's rollups by series and held periods by rule (escaped names), grouped once per write. */
export interface GroupedWrite {
  readonly write: UserWrite;
  readonly series: Map<string, Rollup[]>;
  readonly rules: Map<string, HistoryEntry[]>;
}

export function groupWrite(write: UserWrite): GroupedWrite {
  return { write, series: bySeries(write.rollups), rules: byRule(write.history) };
}

export function fieldsToRead(blob: UserBlob | null, grouped: GroupedWrite): NeededReads {
  const { write } = grouped;
  const fields: string[] = [];
  for (const [name, rollups] of grouped.series) {
    const anchor = blob?.rollups.get(name)?.anchor ?? ORIGIN;
    if (rollups.some((rollup) => rollup.day <= anchor.day)) fields.push(rollupField(name));
  }
  if (write.replaceHistory) return { fields, allHistory: true };
  for (const [name, entries] of grouped.rules) {
    const tail = blob?.history.get(name);
    if (tail === undefined) continue;
    for (const block of new Set(entries.map((entry) => blockOf(entry.period))))
      if (block < tail.block) fields.push(historyField(name, block));
  }
  return { fields, allHistory: false };
}

/** The ops of `write` on top of `blob`, given the fields fieldsToRead asked for (absent: null). */
export function planWrite(
  keys: UserKeys,
  blob: UserBlob | null,
  grouped: GroupedWrite,
  read: ReadonlyMap<string, Buffer | null>,
  fieldNames: readonly string[],
): CommitOps {
  const { write } = grouped;
  const ops: Ops = { keys, set: [], append: [], del: [] };
  // The blob was parsed for this write alone: its maps are ours to change.
  const rollups = blob?.rollups ?? new Map<string, RollupTail>();
  for (const [name, list] of grouped.series)
    rollups.set(name, planSeries(name, rollups.get(name) ?? EMPTY_TAIL, list, read, ops, write.user.id));
  let history = blob?.history ?? new Map<string, HistoryTail>();
  if (write.replaceHistory) {
    history = new Map();
    for (const field of fieldNames) if (field.startsWith('h')) ops.del.push(field);
  }
  for (const [name, entries] of grouped.rules) {
    const tail = planRule(name, history.get(name), entries, read, ops, write.replaceHistory === true);
    history.set(name, tail);
  }
  if (write.zoneChange) ops.set.push([journalField('zone', write.user.version), JSON.stringify(write.zoneChange)]);
  if (write.action) ops.set.push([journalField('action', write.user.version), JSON.stringify(write.action)]);
  // A field both deleted and set is set.
  const written = new Set(ops.set.map(([field]) => field));
  const del = ops.del.filter((field) => !written.has(field));
  const state = formatBlob({ version: write.user.version, json: stateJson(write.user), rollups, history });
  return { state, set: ops.set, append: ops.append, del };
}

type Ops = { keys: UserKeys; set: Array<[string, Buffer | string]>; append: Array<[string, Buffer]>; del: string[] };

function planSeries(
  name: string,
  tail: RollupTail,
  rollups: readonly Rollup[],
  read: ReadonlyMap<string, Buffer | null>,
  ops: Ops,
  userId: string,
): RollupTail {
  const field = rollupField(name);
  const days = decodeEntriesText(tail.days, `${ops.keys.state} tail ${name}`, tail.anchor);
  const older = rollups.some((rollup) => rollup.day <= tail.anchor.day);
  if (older) {
    // Older days change: the series is written again whole, all but its last day in the hash.
    const stored = read.get(field);
    days.unshift(...(stored ? decodeEntries(stored, `${ops.keys.data} field ${field}`) : []));
  }
  for (const rollup of rollups)
    mergeEntry(days, { day: rollup.day, value: rollup.value, lastAt: rollup.lastAt, version: rollup.version });
  // Each day's sum, checked before anything is written (sums.ts in the core).
  for (const rollup of rollups) {
    const sum = days.find((entry) => entry.day === rollup.day);
    if (sum !== undefined) checkDaySum({ ...rollup, value: sum.value }, userId);
  }
  let anchor = tail.anchor;
  if (older) {
    const out = new ByteWriter();
    anchor = writeEntries(out, days.slice(0, -1), ORIGIN);
    if (days.length > 1) ops.set.push([field, out.toBuffer()]);
    else ops.del.push(field);
    days.splice(0, days.length - 1);
  } else if (days.length > TAIL_DAYS) {
    const out = new ByteWriter();
    anchor = writeEntries(out, days.slice(0, -1), anchor);
    ops.append.push([field, out.toBuffer()]);
    days.splice(0, days.length - 1);
  }
  return { anchor, days: encodeEntriesText(days, anchor) };
}

function planRule(
  name: string,
  tail: HistoryTail | undefined,
  entries: readonly HistoryEntry[],
  read: ReadonlyMap<string, Buffer | null>,
  ops: Ops,
  replaced: boolean,
): HistoryTail {
  const blocks = new Map<number, Map<number, HistoryEntry>>();
  const blockEntries = (block: number) => {
    let periods = blocks.get(block);
    if (periods !== undefined) return periods;
    periods = new Map();
    let text: string | null = null;
    if (tail !== undefined && block === tail.block) text = tail.text;
    else if (tail !== undefined && block < tail.block && !replaced)
      text = read.get(historyField(name, block))?.toString('utf8') ?? null;
    if (text !== null)
      for (const entry of decodeSegments(
        text,
        entries[0]?.streak ?? '',
        block,
        `${ops.keys.data} field ${historyField(name, block)}`,
      ))
        periods.set(entry.period, entry);
    blocks.set(block, periods);
    return periods;
  };
  if (tail !== undefined) blockEntries(tail.block);
  for (const entry of entries) blockEntries(blockOf(entry.period)).set(entry.period, entry);
  let last = -Infinity;
  for (const block of blocks.keys()) last = Math.max(last, block);
  let next: HistoryTail = { block: last, text: '' };
  for (const [block, periods] of blocks) {
    const text = encodeSegments(periods.values(), block);
    if (block === last) next = { block, text };
    else ops.set.push([historyField(name, block), text]);
  }
  return next;
}

/**
 * The state's JSON, its points states packed (packPoints of @kindling/core/adapter) when they have
 * the engine's shape: each award's trigger and boost ids written once per system, not per award.
 */
export function stateJson(user: UserState): string {
  const points = user.points === undefined ? null : packPoints(user.points);
  return JSON.stringify(points === null ? user : { ...user, points });
}
