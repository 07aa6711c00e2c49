/**
 * SQLite's plan for a statement, as the tests that hold the store's reads to index ranges read it.
 */
import type Database from 'better-sqlite3';

/**
 * The detail line of each step of `EXPLAIN QUERY PLAN sql`. Parameters left out are bound to null,
 * positional (`?`) and named (`@name`) alike: the plan is made when the statement is prepared, not
 * from the values.
 */
export function planOf(db: Database.Database, sql: string, params?: readonly unknown[]): string[] {
  const names = [...new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1] as string))];
  const values =
    params ??
    (names.length > 0
      ? [Object.fromEntries(names.map((name) => [name, null]))]
      : (sql.match(/\?/g) ?? []).map(() => null));
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>).map(
    (step) => step.detail,
  );
}
