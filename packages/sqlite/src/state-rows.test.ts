/**
 * Where a user's row lives in the file. A state grows past 1,000 bytes with points systems (each
 * keeps its latest awards) or a few streak rules; it must stay on its table's own pages, as a row
 * of a table with rowids does up to about 4,000 bytes. In a WITHOUT ROWID table everything past
 * about 1,000 bytes of a row goes to an overflow page of its own, freed and taken again on every
 * write: each event then cost several times a small state's write, and each user an extra page.
 */
import { createEngine } from '@kindling/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { metricTrigger, pointsSystem } from '../../core/test/points-examples.js';

const files = useTempFiles();

const ACTIVATED = Date.parse('2026-01-01T00:00:00Z');

/** A trigger id as long as the service's (a UUID). */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const system = (key: string, first: number) =>
  pointsSystem(
    [
      metricTrigger(10, 1, { id: uuid(first), activatedAt: ACTIVATED }),
      metricTrigger(50, 5, { id: uuid(first + 1), activatedAt: ACTIVATED }),
      metricTrigger(200, 25, { id: uuid(first + 2), activatedAt: ACTIVATED }),
    ],
    { key },
  );

describe('a user’s row', () => {
  it('of 2 to 3 KB stays on its table’s pages: no overflow page is written for it', async () => {
    const path = files.path('rows.db');
    const store = files.open('rows.db');
    const engine = createEngine({
      store,
      streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
      metrics: ['lessons'],
      points: [system('xp', 1), system('gems', 4)],
    });
    const users = 50;
    // 12 events a user: 10 awards kept in each system
    for (let event = 0; event < 12; event++)
      await Promise.all(
        Array.from({ length: users }, (_, user) =>
          engine.record({
            userId: `user-${user}`,
            metric: 'lessons',
            value: 1,
            at: Date.parse('2026-03-01T09:00:00Z') + event * 3_600_000 + user * 1000,
            tz: 'Europe/Berlin',
          }),
        ),
      );
    await store.close();
    const db = new Database(path, { readonly: true });
    const sizes = db.prepare('SELECT length(state) FROM users').pluck().all() as number[];
    expect(sizes).toHaveLength(users);
    expect(Math.min(...sizes)).toBeGreaterThan(1_500);
    expect(Math.max(...sizes)).toBeLessThan(3_500);
    const overflow = db
      .prepare("SELECT count(*) FROM dbstat WHERE name = 'users' AND pagetype = 'overflow'")
      .pluck()
      .get();
    db.close();
    expect(overflow).toBe(0);
  });
});
