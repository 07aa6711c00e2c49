/**
 * Writing a user's line in a rule's analytics index (streak_index): inserted when the user has none,
 * otherwise updated with only the columns whose values changed (statements.ts, `updateIndex`), so
 * that SQLite rewrites the entries of only the indexes that hold one of them. When the write says
 * which line it replaces (UserWrite.indexBefore), the columns that differ from it are set by one
 * statement that finds the row holding the others' new values (`updateIndexWhere`): no read of the
 * line first, which was a third of a line's cost in a sweep. A row that holds something else there
 * (a line kept from before a change of the rules) or none is then read and written as before.
 */
import { NEVER, type IndexEntry } from '@kindling/core/adapter';
import type { IndexColumns, Statements } from './statements.js';

function columnsOf(line: IndexEntry): IndexColumns {
  return [
    line.length,
    line.longest,
    line.deadAt,
    line.expiresAt,
    line.earnsAt === undefined || line.earnsAt >= NEVER ? null : line.earnsAt,
  ];
}

export function saveIndexLine(
  sql: Statements,
  account: string,
  key: Buffer,
  line: IndexEntry,
  before?: IndexEntry,
): void {
  const next = columnsOf(line);
  if (before !== undefined && updateFrom(sql, account, key, line.streak, next, columnsOf(before))) return;
  const kept = sql.indexLine.get(account, line.streak, key);
  if (kept === undefined) {
    sql.insertIndex.run(account, line.streak, key, ...next);
    return;
  }
  let changed = 0;
  const values: Array<number | null> = [];
  for (let i = 0; i < next.length; i++) {
    if (kept[i] === next[i]) continue;
    changed |= 1 << i;
    values.push(next[i] as number | null);
  }
  if (changed !== 0) sql.updateIndex(changed).run(...values, account, line.streak, key);
}

/** Sets the columns where `next` differs from `was`, on the row whose other columns hold `next`'s values: whether there was one. */
function updateFrom(
  sql: Statements,
  account: string,
  key: Buffer,
  streak: string,
  next: IndexColumns,
  was: IndexColumns,
): boolean {
  let changed = 0;
  const set: Array<number | null> = [];
  const held: Array<number | null> = [];
  for (let i = 0; i < next.length; i++) {
    if (was[i] === next[i]) held.push(next[i] as number | null);
    else {
      changed |= 1 << i;
      set.push(next[i] as number | null);
    }
  }
  if (changed === 0) return false;
  return sql.updateIndexWhere(changed).run(...set, account, streak, key, ...held).changes === 1;
}
