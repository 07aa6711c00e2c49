import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { planOf } from '../test/query-plan.js';
import { useTempFiles } from '../test/temp.js';
import { prepareStatements } from './statements.js';

const files = useTempFiles();

/** The indexes SQLite plans to use for `sql`. */
function indexesUsedBy(db: Database.Database, sql: string): string[] {
  return planOf(db, sql).flatMap((detail) =>
    [...detail.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)].map((m) => m[1] as string),
  );
}

describe("the store's indexes", () => {
  it('each serve at least one of its statements: an index no statement reads only adds pages to every write', async () => {
    const store = files.open('a.db');
    await store.close();
    const db = new Database(files.path('a.db'));
    try {
      // The statements prepared once (updateIndex prepares its updates by primary key on demand).
      const sources = Object.values(prepareStatements(db)).flatMap((statement) =>
        typeof statement === 'function' ? [] : [statement.source],
      );
      const tables = new Set(
        (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter((table) =>
          sources.some((sql) => new RegExp(`\\b${table}\\b`).test(sql)),
        ),
      );
      // Secondary indexes only: a primary key's own index (sql IS NULL) is the table itself.
      const declared = (
        db
          .prepare("SELECT name, tbl_name AS tableName FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
          .all() as Array<{ name: string; tableName: string }>
      )
        .filter(({ tableName }) => tables.has(tableName))
        .map(({ name }) => name);
      expect(declared.length).toBeGreaterThan(0);
      const unused = () => {
        const used = new Set(sources.flatMap((sql) => indexesUsedBy(db, sql)));
        return declared.filter((name) => !used.has(name));
      };
      expect(unused()).toEqual([]);
      db.exec('ANALYZE'); // and with statistics, as a file that ran ANALYZE or PRAGMA optimize has them
      expect(unused()).toEqual([]);
    } finally {
      db.close();
    }
  });
});
