/**
 * Writing a user's line in a rule's analytics index (streak_index): inserted when the user has none,
 * otherwise updated with only the columns whose values changed (statements.ts, `updateIndex`), so
 * that SQLite rewrites the entries of only the indexes that hold one of them.
 */
import { NEVER, type IndexEntry } from '@kindling/core/adapter';
import type { IndexColumns, Statements } from './statements.js';

export function saveIndexLine(sql: Statements, account: string, key: Buffer, line: IndexEntry): void {
  const next: IndexColumns = [
    line.length,
    line.longest,
    line.deadAt,
    line.expiresAt,
    line.earnsAt === undefined || line.earnsAt >= NEVER ? null : line.earnsAt,
  ];
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
