// @ts-check
// The event endpoint with webhooks on beside it with webhooks off (part of bench:sweep): two built
// servers in child processes on SQLite, one with an endpoint subscribed to `streak.started` and
// `streak.extended` at a receiver on loopback (a third child), under the same load of events, each a
// user's first of the day, so that every event writes an outbox entry and makes a delivery. Blocks
// alternate; each pair gives one ratio (on / off). After the load it waits for the receiver to have
// every delivery, and tells how long that took. A block of 3 s on each server comes first, not counted.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { median } from '../../core/bench/report.mjs';
import { alternate, forkServer } from './children.mjs';
import { blast } from './load.mjs';

/** @typedef {import('./children.mjs').Comparison} Comparison */

const EVENT_PATH = '/v1/metrics/lessons/event';

/**
 * @param {{ seconds: number, rounds: number, connections: number, users: number, progress: (line: string) => void }} options
 * @returns {Promise<{ comparison: Comparison, changes: number, delivered: number, drainSeconds: number }>}
 */
export async function measureWebhookRate({ seconds, rounds, connections, users, progress }) {
  const dir = mkdtempSync(join(process.env.KINDLING_BENCH_DIR ?? os.tmpdir(), 'kindling-webhook-rate-'));
  /** @type {Array<() => Promise<void>>} */
  const cleanups = [];
  try {
    const receiver = await forkServer('receiver');
    cleanups.push(() => receiver.stop());
    const common = { KINDLING_DASHBOARD_DIR: join(dir, 'none'), KINDLING_WEBHOOK_ALLOW_PRIVATE: '1' };
    const off = await forkServer('kindling', { ...common, KINDLING_DATA_DIR: join(dir, 'off') });
    cleanups.push(() => off.stop());
    const on = await forkServer('kindling', { ...common, KINDLING_DATA_DIR: join(dir, 'on') });
    cleanups.push(() => on.stop());
    const made = await fetch(new URL('/admin/v1/webhooks', on.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': on.adminKey ?? '' },
      body: JSON.stringify({ url: receiver.url, types: ['streak.started', 'streak.extended'] }),
    });
    if (made.status !== 201) throw new Error(`the endpoint was not made: ${made.status} ${await made.text()}`);

    /**
     * Blocks of events of `child`, each event the first of a user (a change, an outbox entry, a
     * delivery), each block going on from the user after the last one sent (a load generator starts
     * its list from the top on every run), so that no user is sent twice.
     * @param {import('./children.mjs').Child} child
     */
    const blocks = (child) => {
      let sent = 0;
      return async (/** @type {number} */ blockSeconds = seconds) => {
        /** @type {import('./load.mjs').Load} */
        const load = {
          method: 'POST',
          paths: [EVENT_PATH],
          numbered: { before: '{"user":{"id":"user-', after: '","tz":"UTC"},"value":1}', from: sent, count: users },
          headers: { 'content-type': 'application/json', 'x-api-key': child.appKey ?? '' },
        };
        const block = await blast(child.url, load, { connections, seconds: blockSeconds, pid: child.pid });
        sent += block.total;
        return block;
      };
    };
    const onBlocks = blocks(on);
    const offBlocks = blocks(off);
    // a warm-up block on each first (not counted): the first measured block of a new process ran slower either way
    await onBlocks(Math.min(3, seconds));
    await offBlocks(Math.min(3, seconds));
    const comparison = await alternate(
      'event with webhooks on vs off',
      () => onBlocks(),
      () => offBlocks(),
      rounds,
      progress,
    );
    // the changes to deliver: every streak started or extended, as the server's activity counts them (the warm-up's too)
    const analytics = await fetch(new URL('/admin/v1/analytics/streaks?days=3', on.url), {
      headers: { 'x-api-key': on.adminKey ?? '' },
    });
    const daily = /** @type {{ daily: Array<{ extended: number }> }} */ (await analytics.json()).daily;
    const changes = daily.reduce((n, day) => n + day.extended, 0);
    const started = performance.now();
    let delivered = 0;
    while (performance.now() - started < 120_000) {
      delivered = /** @type {{ received: number }} */ (await receiver.ask({ count: true })).received;
      if (delivered >= changes) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { comparison, changes, delivered, drainSeconds: (performance.now() - started) / 1000 };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The median ratio of a comparison. */
export const medianRatio = (/** @type {Comparison} */ comparison) => median(comparison.ratios);
