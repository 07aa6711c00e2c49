/**
 * Held periods packed in fixed blocks: block b of a rule holds periods 128·b … 128·b + 127 (periods
 * can be negative: block = floor(period / 128)). Its BLOB has one 4-byte cell per period, an
 * unsigned little-endian integer: 0 when the period has no entry, else `length * 8 + code(heldBy)`.
 * The BLOB stops after its last non-empty cell (the cells after it are empty): the block of the
 * current period, which most users have, is then only as long as the periods it has reached.
 * Reading 366 periods is then 3 or 4 rows instead of 366 (see BENCHMARKS.md, Stores: SQLite).
 */
import type { HeldBy, HistoryEntry } from '@kindling/core/adapter';

export const BLOCK_PERIODS = 128;
const CELL_BYTES = 4;
export const BLOCK_BYTES = BLOCK_PERIODS * CELL_BYTES;

/** Codes 1 … 5 (0 is an empty cell); the order is part of the file format, append only. */
const HELD_BY: readonly HeldBy[] = ['met', 'freeze', 'pause', 'excused', 'restore'];
const CODES = new Map<unknown, number>(HELD_BY.map((heldBy, i) => [heldBy, i + 1]));
const CODE_BITS = 8;

/** The longest length a cell holds: (2³² − 1 − 7) / 8, far above any streak (periods from year 1000 to 9999). */
export const MAX_LENGTH = Math.floor((2 ** 32 - 1) / CODE_BITS);

/** A held period that a block cannot hold (an unknown heldBy, a length that is not an integer in range). */
export class UnstorableEntryError extends Error {}

/** A block whose BLOB is not what this codec writes. */
export class DamagedBlockError extends Error {}

export function blockOf(period: number): number {
  return Math.floor(period / BLOCK_PERIODS);
}

function cellOf(entry: HistoryEntry): number {
  const code = CODES.get(entry.heldBy);
  if (code === undefined)
    throw new UnstorableEntryError(
      `held period ${entry.period} of rule ${JSON.stringify(entry.streak)} has heldBy ${JSON.stringify(entry.heldBy)}, not one of ${HELD_BY.join(', ')}`,
    );
  if (!Number.isSafeInteger(entry.period))
    throw new UnstorableEntryError(
      `held period ${String(entry.period)} of rule ${JSON.stringify(entry.streak)} is not an integer`,
    );
  const length = entry.length;
  if (!Number.isInteger(length) || length < 0 || length > MAX_LENGTH) {
    throw new UnstorableEntryError(
      `held period ${entry.period} of rule ${JSON.stringify(entry.streak)} has length ${String(length)}, not an integer from 0 to ${MAX_LENGTH}`,
    );
  }
  return length * CODE_BITS + code;
}

/**
 * Writes `entries` (all of block `block`) into a copy of `data` (or into an empty block), later
 * entries for the same period replacing earlier ones, and returns the new BLOB, up to its last
 * non-empty cell.
 */
export function setEntries(data: Uint8Array | undefined, block: number, entries: readonly HistoryEntry[]): Buffer {
  const next = Buffer.alloc(BLOCK_BYTES);
  if (data !== undefined) {
    checkBlock(data, block);
    next.set(data);
  }
  const first = block * BLOCK_PERIODS;
  for (const entry of entries) {
    const cell = cellOf(entry);
    const slot = entry.period - first;
    if (slot < 0 || slot >= BLOCK_PERIODS) throw new RangeError(`held period ${entry.period} is not in block ${block}`);
    next.writeUInt32LE(cell, slot * CELL_BYTES);
  }
  let end = BLOCK_BYTES;
  while (end > 0 && next.readUInt32LE(end - CELL_BYTES) === 0) end -= CELL_BYTES;
  return next.subarray(0, end);
}

function checkBlock(data: Uint8Array, block: number): void {
  if (data.byteLength > BLOCK_BYTES || data.byteLength % CELL_BYTES !== 0) {
    throw new DamagedBlockError(
      `the block of periods ${block * BLOCK_PERIODS} to ${block * BLOCK_PERIODS + BLOCK_PERIODS - 1} has ${data.byteLength} bytes, not a multiple of ${CELL_BYTES} up to ${BLOCK_BYTES}`,
    );
  }
}

/**
 * Appends to `out`, in period order, the entries of block `block` (rule `streak`) whose period lies
 * in [from, to].
 */
export function readEntries(
  streak: string,
  block: number,
  data: Uint8Array,
  from: number,
  to: number,
  out: HistoryEntry[],
): void {
  checkBlock(data, block);
  const first = block * BLOCK_PERIODS;
  const start = Math.max(0, from - first);
  const end = Math.min(data.byteLength / CELL_BYTES - 1, to - first);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let slot = start; slot <= end; slot++) {
    const cell = view.getUint32(slot * CELL_BYTES, true);
    if (cell === 0) continue;
    const heldBy = HELD_BY[(cell % CODE_BITS) - 1];
    if (heldBy === undefined)
      throw new DamagedBlockError(
        `period ${first + slot} of rule ${JSON.stringify(streak)} has the unknown code ${cell % CODE_BITS}`,
      );
    out.push({ streak, period: first + slot, length: (cell - (cell % CODE_BITS)) / CODE_BITS, heldBy });
  }
}

/** Groups entries by rule, then by block, keeping their order within a block. */
export function groupByBlock(entries: readonly HistoryEntry[]): Map<string, Map<number, HistoryEntry[]>> {
  const groups = new Map<string, Map<number, HistoryEntry[]>>();
  for (const entry of entries) {
    let blocks = groups.get(entry.streak);
    if (blocks === undefined) groups.set(entry.streak, (blocks = new Map()));
    const block = blockOf(entry.period);
    const list = blocks.get(block);
    if (list === undefined) blocks.set(block, [entry]);
    else list.push(entry);
  }
  return groups;
}
