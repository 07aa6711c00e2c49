// @ts-check
// Redis bytes of a year of daily points awards (issue 46): one user's keys after 365 days of one
// lesson a day (07:00 Berlin), under a daily streak, in an account with no points system, with one
// and with two, each system of one metric trigger that pays on every lesson (so an award a day).
// The bytes a system adds per user per year are the difference with the account without points.
//
//   pnpm build && node packages/redis/bench/points-size.mjs
//
// Environment:
//   KINDLING_REDIS_URL   the Redis to use (default redis://127.0.0.1:6379)
//
// Every key it writes starts with "klbench-points-size:{p<pid>-", and it deletes them at the end
// (also on a crash or Ctrl-C); it never flushes anything. A report with one target: PASS/FAIL on
// each system's bytes per user per year against 2 KB; it exits 0 whatever the verdict.
import { Redis } from 'ioredis';
import { createEngine } from '@kindling/core';
import { redisStore } from '@kindling/redis';
import { DAY_MS, START_DAY } from '../../core/bench/workload.mjs';
import { fmtInt, pad } from '../../core/bench/report.mjs';

/** Redis bytes a points system may add to one user's keys with a year of daily awards */
const TARGET_SYSTEM_BYTES = 2048;
const YEAR_DAYS = 365;
const REDIS_URL = process.env.KINDLING_REDIS_URL || 'redis://127.0.0.1:6379';
const KEY_PREFIX = 'klbench-points-size';
const RUN = `p${process.pid}`;
const RUN_PATTERN = `${KEY_PREFIX}:{${RUN}-*`;
/** the user's keys in the store's layout: state, data (rollups, held periods, journal), idempotency */
const USER_KEYS = ['s', 'd', 'i'];
const USER = 'points-user';
/** before the first lesson */
const ACTIVATED = START_DAY * DAY_MS - DAY_MS;

/** @type {import('@kindling/core').StreakRuleInput[]} */
const STREAKS = [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }];

/** A system `key` whose one trigger (UUID-shaped id, as the server's) pays 10 points a lesson. */
const system = (/** @type {string} */ key, /** @type {string} */ triggerId) =>
  /** @type {import('@kindling/core').PointsSystemRules} */ ({
    key,
    name: key,
    description: null,
    badgeUrl: null,
    maxPoints: null,
    status: 'active',
    triggers: [
      {
        id: triggerId,
        type: 'metric',
        metric: 'lessons',
        threshold: 1,
        points: 10,
        status: 'active',
        activatedAt: ACTIVATED,
      },
    ],
    levels: [],
    boosts: [],
  });
const SYSTEMS = [
  system('xp', '0b7e3c52-6a0f-4d0e-9a47-3f1c2d5e8a91'),
  system('gems', 'c4d9e1f0-2b3a-4c5d-8e6f-7a8b9c0d1e2f'),
];

/** Every key matching `pattern`. */
async function scanKeys(/** @type {Redis} */ client, /** @type {string} */ pattern) {
  /** @type {string[]} */
  const keys = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** A year of daily lessons for USER in an account with `systems`: its keys' MEMORY USAGE and its state's length. */
async function yearOf(/** @type {Redis} */ admin, /** @type {import('@kindling/core').PointsSystemRules[]} */ systems) {
  const account = `${RUN}-${systems.length}`;
  const store = redisStore({ url: REDIS_URL, keyPrefix: KEY_PREFIX, account });
  let now = 0;
  const engine = createEngine({ store, clock: () => now, streaks: STREAKS, metrics: ['lessons'], points: systems });
  let points = 0;
  for (let d = 0; d < YEAR_DAYS; d++) {
    now = (START_DAY + d) * DAY_MS + 6 * 3_600_000;
    const result = await engine.record({ userId: USER, metric: 'lessons', value: 1, tz: 'Europe/Berlin', at: now });
    for (const key in result.points) points += /** @type {{ added: number }} */ (result.points[key]).added;
  }
  await store.close();
  let bytes = 0;
  for (const name of USER_KEYS) {
    const key = `${KEY_PREFIX}:{${account}:${USER}}:${name}`;
    if ((await admin.exists(key)) === 1) bytes += Number(await admin.memory('USAGE', key, 'SAMPLES', 0));
  }
  const state = await admin.strlen(`${KEY_PREFIX}:{${account}:${USER}}:s`);
  return { systems: systems.length, bytes, state, points };
}

async function main() {
  const admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  const cleanup = async () => {
    const keys = await scanKeys(admin, RUN_PATTERN);
    return keys.length === 0 ? 0 : admin.del(...keys);
  };
  const onSignal = () => {
    cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const info = await admin.info('server');
    const version = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
    console.log(
      `Redis ${version} at ${REDIS_URL}; one user, a lesson a day for ${YEAR_DAYS} days, a daily streak; each points system one metric trigger paying every lesson`,
    );
    const rows = [await yearOf(admin, []), await yearOf(admin, SYSTEMS.slice(0, 1)), await yearOf(admin, SYSTEMS)];
    const [none] = rows;
    if (none === undefined) throw new Error('no rows');
    console.log('');
    console.log(
      `${pad('points systems', 15)}  ${pad('awards', 7, true)}  ${pad('MEMORY USAGE', 13, true)}  ${pad('state bytes', 12, true)}  ${pad('per system', 11, true)}`,
    );
    for (const row of rows) {
      const perSystem = row.systems === 0 ? '-' : fmtInt((row.bytes - none.bytes) / row.systems);
      console.log(
        `${pad(row.systems, 15)}  ${pad(fmtInt(row.points / 10), 7, true)}  ${pad(fmtInt(row.bytes), 13, true)}  ${pad(fmtInt(row.state), 12, true)}  ${pad(perSystem, 11, true)}`,
      );
    }
    const deleted = await cleanup();
    console.log(`cleanup: deleted ${deleted} keys matching ${RUN_PATTERN}`);
    console.log('');
    for (const row of rows.slice(1)) {
      const perSystem = (row.bytes - none.bytes) / row.systems;
      const stateSystem = (row.state - none.state) / row.systems;
      console.log(
        `${perSystem < TARGET_SYSTEM_BYTES ? 'PASS' : 'FAIL'}: ${fmtInt(perSystem)} Redis bytes per user per year per points system (${row.systems} of them; ${fmtInt(stateSystem)} of the state's JSON each), a year of daily awards; target < ${fmtInt(TARGET_SYSTEM_BYTES)}`,
      );
    }
  } catch (error) {
    console.error(`cleanup after the failure: deleted ${await cleanup()} keys`);
    throw error;
  } finally {
    admin.disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
