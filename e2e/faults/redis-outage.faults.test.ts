/**
 * A single Redis that stops answering (SIGSTOP), then one that dies (SIGKILL) and comes back on the
 * same port, under a client recording events: every request is answered within the store timeout
 * (2 s by default) with 201 or 503 STORE_UNAVAILABLE and Retry-After, /readyz says 503 within 3 s
 * (a probe stands for 1 s, then the next one is answered within 2 s),
 * and recording resumes by itself once Redis answers again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../packages/redis/test/cluster.js';
import { findOutageViolations } from './outage-checks.js';
import { built, sleep, startServerProcess, type ServerProcess } from './server-process.js';
import { firstAfter, poll, startTraffic, summarize, type Answer, type Traffic } from './traffic.js';

if (!built) console.warn('\n*** e2e/faults SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');

/** the store timeout by default, and what an answer may take on top of it */
const ANSWER_WITHIN_MS = 3000;
const READY_WITHIN_MS = 2000;
/** How long one /readyz probe's answer stands (routes/health.ts). */
const PROBE_STANDS_MS = 1000;
const RECOVER_WITHIN_MS = 5000;

let redis: RunningRedis;
let server: ServerProcess;

beforeAll(async () => {
  if (!built) return;
  redis = await startRedis({ appendOnly: true });
  const node = redis.nodes[0]!;
  server = await startServerProcess({
    env: { REDIS_URL: `redis://${node.host}:${node.port}`, KINDLING_REDIS_PREFIX: `faults-${process.pid}` },
  });
});

afterAll(async () => {
  await server?.stop();
  await redis?.stop();
});

/** Runs `fault` under traffic and readiness polls; answers what happened. */
async function underFault(
  traffic: Traffic,
  ready: { answers: Answer[] },
  fault: { begin(): void | Promise<void>; holdMs: number; end(): Promise<void> | void },
) {
  const from = Date.now();
  await fault.begin();
  await sleep(fault.holdMs);
  const to = Date.now();
  await fault.end();
  const recovered = await firstAfter(traffic.answers, to, (answer) => answer.status === 201, RECOVER_WITHIN_MS + 5000);
  const violations = findOutageViolations(traffic.answers, { from, to, maxMs: ANSWER_WITHIN_MS });
  // readiness asked during the fault, once the last probe from before it no longer stands (a probe's
  // answer stands for 1 s), early enough for its answer to be due before the fault ended
  const readyDuring = ready.answers.filter(
    (answer) => answer.at >= from + PROBE_STANDS_MS + 100 && answer.at + READY_WITHIN_MS < to,
  );
  const readyViolations = readyDuring
    .filter((answer) => answer.status !== 503 || answer.ms > READY_WITHIN_MS)
    .map((answer) => `readyz +${answer.at - from} ms → ${answer.status} ${answer.code ?? ''} in ${answer.ms} ms`);
  const during = traffic.answers.filter((answer) => answer.at >= from && answer.at < to);
  const firstUnavailable = during.find((answer) => answer.status === 503);
  return {
    violations,
    readyViolations,
    readyDuring,
    during,
    /** from the fault's start to the first 503 answer */
    msTo503: firstUnavailable === undefined ? null : firstUnavailable.at + firstUnavailable.ms - from,
    /** from the fault's end to the first 201 answer */
    msToRecover: recovered === null ? null : recovered.at + recovered.ms - to,
  };
}

describe.skipIf(!built)('a single Redis that stops answering or dies', () => {
  it('answers 503 STORE_UNAVAILABLE with Retry-After within the store timeout, says so on /readyz, and resumes by itself', async () => {
    const key = server.firstStart!.applicationKey;
    const users = Array.from({ length: 8 }, (_, i) => `user-${i}`);
    const traffic = startTraffic({ url: server.url, key, users, concurrency: 6, gapMs: 25 });
    const ready = poll({ url: `${server.url}/readyz`, timeoutMs: 10_000 }, 250);
    try {
      await sleep(1000);
      expect(traffic.answers.length).toBeGreaterThan(10);
      expect(traffic.answers.every((answer) => answer.status === 201)).toBe(true);

      const paused = await underFault(traffic, ready, {
        begin: () => redis.pause(),
        holdMs: 8000,
        end: () => redis.resume(),
      });
      console.log(
        `[redis paused 8 s] ${summarize(paused.during)}; first 503 after ${paused.msTo503} ms; readyz: ${summarize(paused.readyDuring)}; first 201 ${paused.msToRecover} ms after SIGCONT`,
      );
      expect(paused.violations, 'requests during the pause').toEqual([]);
      expect(paused.during.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(8);
      expect(paused.readyDuring.length).toBeGreaterThanOrEqual(2);
      expect(paused.readyViolations, '/readyz during the pause').toEqual([]);
      expect(paused.msToRecover).not.toBeNull();
      expect(paused.msToRecover!).toBeLessThan(RECOVER_WITHIN_MS);

      await sleep(1000);
      const killed = await underFault(traffic, ready, {
        begin: () => redis.kill(),
        holdMs: 5000,
        end: () => redis.restart(),
      });
      console.log(
        `[redis killed 5 s] ${summarize(killed.during)}; first 503 after ${killed.msTo503} ms; readyz: ${summarize(killed.readyDuring)}; first 201 ${killed.msToRecover} ms after the restart`,
      );
      expect(killed.violations, 'requests while Redis was dead').toEqual([]);
      expect(killed.during.filter((answer) => answer.status === 503).length).toBeGreaterThan(10);
      // the kill is 5 s, and /readyz is asked in the 2.9 s of it where an answer is due before the end:
      // one answer at least (two on a quick machine; each takes up to 1 s while the store is away)
      expect(killed.readyDuring.length).toBeGreaterThanOrEqual(1);
      expect(killed.readyViolations, '/readyz while Redis was dead').toEqual([]);
      expect(killed.msToRecover).not.toBeNull();
      expect(killed.msToRecover!).toBeLessThan(RECOVER_WITHIN_MS);
    } finally {
      await traffic.stop();
      await ready.stop();
    }
    const last = ready.answers.at(-1)!;
    expect(last.status).toBe(200);
  }, 60_000);
});
