import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { planOf } from '../test/query-plan.js';
import { useTempFiles } from '../test/temp.js';
import { encodeKey } from './rows.js';
import { prepareStatements } from './statements.js';

const files = useTempFiles();

describe('the rankings of the leaderboards', () => {
  it('rank, count and page a run-group by ranges of the order index, never a scan of the run-group', async () => {
    const store = files.open('a.db');
    await store.close();
    const db = new Database(files.path('a.db'));
    try {
      const sql = prepareStatements(db);
      const user = encodeKey('ann');
      db.transaction(() => {
        for (let i = 0; i < 2000; i++)
          sql.saveBoardEntry.run('default', 'b', 20_000, '', encodeKey(`u${i}`), i % 50, i, 1);
      })();
      db.exec('ANALYZE'); // with statistics too, the planner must still pick the ranges
      const place = { account: 'default', board: 'b', run: 20_000, grp: '', value: 3, reachedAt: 5, user };
      const plans: Array<[string, string[]]> = [
        ['boardBefore', planOf(db, sql.boardBefore.source, [place])],
        ['boardCount', planOf(db, sql.boardCount.source, ['default', 'b', 20_000, ''])],
        ['boardPage', planOf(db, sql.boardPage.source, ['default', 'b', 20_000, '', 10, 0])],
      ];
      for (const [name, plan] of plans) {
        const reads = plan.filter((detail) => detail.includes('board_entries'));
        expect(reads.length, name).toBeGreaterThan(0);
        for (const detail of reads)
          expect(detail, name).toMatch(
            /^SEARCH board_entries USING COVERING INDEX board_entries_order \(account=\? AND board=\? AND run=\? AND grp=\?/,
          );
      }
      // each of the three counts narrows to its range of the order: value, then the instant reached
      const before = plans[0]?.[1].filter((d) => d.startsWith('SEARCH')) ?? [];
      expect(before[0]).toMatch(/value<\?|value>\?/);
      expect(before[1]).toMatch(/value=\? AND reached_at<\?/);
      expect(before[2]).toMatch(/value=\? AND reached_at=\? AND user_id<\?/);
      expect(1 + (sql.boardBefore.get(place) as number)).toBe(
        1 +
          2000 -
          [...Array(2000).keys()].filter((i) => i % 50 <= 3).length +
          [...Array(2000).keys()].filter((i) => i % 50 === 3 && i < 5).length,
      );
    } finally {
      db.close();
    }
  });

  it('replaces an entry only by a newer version, a removal too', async () => {
    const store = files.open('a.db');
    await store.close();
    const db = new Database(files.path('a.db'));
    try {
      const sql = prepareStatements(db);
      const ann = encodeKey('ann');
      sql.saveBoardEntry.run('default', 'b', 1, '', ann, 5, 10, 3);
      sql.saveBoardEntry.run('default', 'b', 1, '', ann, 99, 11, 2);
      expect(sql.boardPage.all('default', 'b', 1, '', 10, 0).map(([, value]) => value)).toEqual([5]);
      sql.saveBoardEntry.run('default', 'b', 1, '', ann, null, 12, 4);
      expect(sql.boardCount.get('default', 'b', 1, '')).toBe(0);
      sql.saveBoardEntry.run('default', 'b', 1, '', ann, 7, 13, 4);
      expect(sql.boardCount.get('default', 'b', 1, '')).toBe(0);
    } finally {
      db.close();
    }
  });
});
