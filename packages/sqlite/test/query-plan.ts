/**
 * SQLite's plan for a statement, as the tests that hold the store's reads to index ranges read it.
 */
import type Database from 'better-sqlite3';

/**
 * The detail line of each step of `EXPLAIN QUERY PLAN sql`. Parameters left out are bound to null:
 * the plan is made when the statement is prepared, not from the values.
 */
export function planOf(db: Database.Database, sql: string, params?: readonly unknown[]): string[] {
  const values = params ?? (sql.match(/\?/g) ?? []).map(() => null);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>).map(
    (step) => step.detail,
  );
}
