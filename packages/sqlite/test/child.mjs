// A separate OS process for the multi-process tests: it imports the BUILT packages (dist), opens the
// store after the parent says "go" (so that several processes may create the file at once), records
// its events one by one and prints one JSON line per event after `record` returned.
//
// Its first line of input is its configuration, { file, events: [{ userId, metric, value, at, ... }],
// synchronous?, points? }; it then prints "ready" and waits for a second line.
import { createInterface } from 'node:readline';

const root = new URL('../../../', import.meta.url);
const { createEngine } = await import(new URL('packages/core/dist/index.js', root).href);
const { sqliteStore } = await import(new URL('packages/sqlite/dist/index.js', root).href);

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const config = JSON.parse((await lines.next()).value);
process.stdout.write('ready\n');
await lines.next();
const store = sqliteStore({ path: config.file, ...(config.synchronous ? { synchronous: config.synchronous } : {}) });
const engine = createEngine({
  store,
  streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
  clock: () => 0,
  ...(config.points ? { points: config.points } : {}),
});
/** Each system the answer moved: its total and the totals its awards left. */
function pointsOf(result) {
  return Object.fromEntries(
    Object.entries(result.points).map(([key, change]) => [
      key,
      { total: change.total, awards: change.awards.map((a) => a.total) },
    ]),
  );
}
for (const event of config.events) {
  const result = await engine.record(event);
  const streak = result.currentStreak;
  process.stdout.write(
    `${JSON.stringify({ eventId: result.eventId, total: result.total, replayed: result.replayed, extended: streak.extended, periodStart: streak.periodStart, length: streak.length, ...(config.points ? { points: pointsOf(result) } : {}) })}\n`,
  );
}
await store.close();
process.exit(0);
