// @ts-check
// The data the read benches start with (bench:http, bench:instructions): the first start's account
// (metric `lessons`, a daily streak) and the shared workload's year of lessons, one a day on 85% of
// the last 366 days for the history users and one yesterday for the others, written by the built engine.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseSettings, startServer } from '@kindling/server';
import { DAY_MS, userId, yearOfLessons, ZONES } from '../../core/bench/workload.mjs';
import { QUIET } from './children.mjs';

/** The zone each of the workload's users records in. */
export const zoneOf = (/** @type {number} */ u) => ZONES[u % ZONES.length] ?? 'UTC';

/**
 * Writes the data into `dir` and answers the first start's keys and the events written. It is
 * written in a folder in memory (/dev/shm, where there is one: the sync of each commit is the slow
 * part) and then copied into `dir`, on disk, where the server runs.
 */
export async function seedYearOfLessons(
  /** @type {string} */ dir,
  /** @type {{ users: number, historyUsers: number, progress?: (line: string) => void }} */ options,
) {
  const scratch = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/kindling-bench-') : dir;
  let now = Date.now();
  const server = await startServer(
    parseSettings({ ...QUIET, KINDLING_DATA_DIR: scratch, KINDLING_DASHBOARD_DIR: join(scratch, 'none') }),
    { listen: false, clock: () => now },
  );
  if (server.firstStart === null) throw new Error('the seeding server should have made its first account');
  const appKey = server.firstStart.applicationKey.key;
  const adminKey = server.firstStart.adminKey.key;
  const { engine } = await server.ctx.engines.runtimeFor(server.firstStart.account.id);
  const today = Math.floor(Date.now() / DAY_MS);
  const { users, historyUsers } = options;
  let events = 0;
  for (const event of yearOfLessons({ users, historyUsers, today, seed: 20250101 })) {
    now = event.at;
    await engine.record({ userId: userId(event.user), metric: 'lessons', value: 1, tz: zoneOf(event.user), at: now });
    events += 1;
    if (events % 10_000 === 0) options.progress?.(`seed: ${events} events written`);
  }
  await server.close();
  if (scratch !== dir) {
    cpSync(scratch, dir, { recursive: true });
    rmSync(scratch, { recursive: true, force: true });
  }
  return { appKey, adminKey, events };
}
