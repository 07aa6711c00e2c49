/**
 * Time moves streaks, on every store: 5,000 users in 20 zones (UTC+14, UTC-12, half-hour and
 * 45-minute zones, Chatham's +12:45/+13:45) send lessons on random days of two 10-day windows (one
 * with New York's and St John's change to summer time, one with Sydney's and Chatham's change back,
 * and Europe's), while the clock advances and a sweeper runs at every local midnight and every
 * reminder instant (two sweepers taking turns, as two processes would). Every loss, freeze used and earned, and reminder goes into the outbox exactly
 * once, with the instant it happened, on the memory store, SQLite, a single Redis and a Redis Cluster.
 *
 * The oracles: losses and freezes are what a second engine that never sweeps reports when each
 * user is settled once at the end (S10), and each one's instant is checked against Intl's wall
 * clock (the local midnight after the period); a reminder is due for a user and day exactly when a
 * read of that engine at 20:00 local time shows a live streak whose day is not met (S23:
 * `remindBefore: 4h`), and its instant is that 20:00 by Intl.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, memoryStore, type Store } from '@kindling/core';
import type { OutboxRecord } from '@kindling/core/adapter';
import { sqliteStore } from '@kindling/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openTargets, presentTargets } from '../packages/redis/test/targets.js';

const ZONES = [
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Eucla',
  'Pacific/Chatham',
  'America/St_Johns',
  'America/New_York',
  'Australia/Sydney',
  'Europe/London',
  'Europe/Berlin',
  'UTC',
  'Asia/Tokyo',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Tehran',
  'Pacific/Honolulu',
  'America/Anchorage',
  'Asia/Dubai',
  'Africa/Lagos',
];
const USERS = 5_000;
const WINDOWS = ['2026-03-02', '2026-03-28'];
const DAYS = 10;
const HOUR = 3_600_000;

const rule = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1, max: 2, earn: { every: 4, amount: 1 } },
  remindBefore: '4h',
};

/** The wall-clock parts of instant `at` in `zone`, by Intl. */
function wall(at: number, zone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value as string;
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The instant the wall clock in `zone` shows `date` at `minutes` past midnight (found by correcting the offset). */
function instantOf(date: string, minutes: number, zone: string): number {
  const target = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  let at = target;
  for (let i = 0; i < 3; i++) {
    const shown = wall(at, zone);
    at += target - (Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * 60_000);
  }
  return at;
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A small deterministic random source, so that every store gets the same users and events. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Plan {
  events: Array<{ userId: string; at: number; tz: string }>;
  /** a sweep every quarter hour over each window (every zone's midnight and 20:00 falls on one), ascending */
  sweeps: number[];
  /** each window's first and last sweep */
  grids: Array<[number, number]>;
  users: Array<{ userId: string; zone: string; window: number }>;
  end: number;
}

function plan(): Plan {
  const next = random(2026);
  const users = Array.from({ length: USERS }, (_, i) => ({
    userId: `user-${String(i).padStart(4, '0')}`,
    zone: ZONES[i % ZONES.length] as string,
    window: i % WINDOWS.length,
  }));
  const events: Plan['events'] = [];
  for (const user of users) {
    for (let day = 0; day < DAYS; day++) {
      // the first day always, then two days in three; never on a quarter hour, when the sweeps run
      if (day > 0 && next() < 1 / 3) continue;
      const minutes = 6 * 60 + Math.floor(next() * 17 * 60);
      const date = addDays(WINDOWS[user.window] as string, day);
      events.push({
        userId: user.userId,
        at: instantOf(date, minutes % 15 === 0 ? minutes + 1 : minutes, user.zone),
        tz: user.zone,
      });
    }
  }
  events.sort((a, b) => a.at - b.at || (a.userId < b.userId ? -1 : 1));
  const sweeps: number[] = [];
  const grids: Array<[number, number]> = [];
  for (const window of WINDOWS) {
    const first = Date.parse(`${addDays(window, -1)}T00:00:00Z`) - 14 * HOUR;
    const last = Date.parse(`${addDays(window, DAYS + 4)}T00:00:00Z`) + 12 * HOUR;
    for (let at = first; at <= last; at += HOUR / 4) sweeps.push(at);
    grids.push([first, last]);
  }
  return { events, sweeps, grids, users, end: sweeps[sweeps.length - 1] as number };
}

const thePlan = plan();

/**
 * Records the plan on `store`, sweeping at each sweep instant when `sweep` (`onRead` is called at
 * each instant with only the events before it recorded), then settles every user once at the end
 * and answers the outbox. When sweeping, the outbox is read after each sweep: `seen` tells, for each
 * entry id, the sweep after which it was first there (Infinity: only after the final settlement).
 */
async function run(
  store: Store,
  sweep: boolean,
  reads: Array<{ userId: string; at: number }> = [],
  seen: Map<string, number> = new Map(),
): Promise<OutboxRecord[]> {
  const records: OutboxRecord[] = [];
  const drain = async (at: number) => {
    for (;;) {
      const page = await store.readOutbox(1000);
      if (page.length === 0) break;
      records.push(...page);
      for (const record of page) if (!seen.has(record.entry.id)) seen.set(record.entry.id, at);
      await store.removeOutbox(page.map((r) => r.position));
    }
  };
  const engine = createEngine({ store, streaks: [rule], metrics: ['lessons'], outbox: true });
  // two sweepers taking turns, as two processes do: what one reminded, the other must not remind again
  const sweepers = [engine, createEngine({ store, streaks: [rule], metrics: ['lessons'], outbox: true })];
  const { events, sweeps, users, end } = thePlan;
  let e = 0;
  const recordUntil = async (until: number) => {
    // the events before `until`, a few at once (one user has at most one in a quarter hour)
    const batch: Plan['events'] = [];
    while (e < events.length && (events[e] as Plan['events'][number]).at < until)
      batch.push(events[e++] as Plan['events'][number]);
    for (let i = 0; i < batch.length; i += 32)
      await Promise.all(
        batch
          .slice(i, i + 32)
          .map((event) =>
            engine.record({ userId: event.userId, metric: 'lessons', value: 1, at: event.at, tz: event.tz }),
          ),
      );
  };
  let r = 0;
  let turn = 0;
  for (const at of sweeps) {
    await recordUntil(at);
    for (; r < reads.length && (reads[r] as { at: number }).at <= at; r++)
      await onRead(engine, reads[r] as { userId: string; at: number });
    if (!sweep) continue;
    const sweeper = sweepers[turn++ % 2] as typeof engine;
    for (let round = 0; round < 100; round++) if (!(await sweeper.settleDue({ at, limit: 500 })).more) break;
    await drain(at);
  }
  await recordUntil(Number.POSITIVE_INFINITY);
  // what no sweep settled (the days between the windows), settled once at the end: the reference's only settlement
  for (let i = 0; i < users.length; i += 64)
    await Promise.all(users.slice(i, i + 64).map((u) => engine.settle(u.userId, { at: end })));
  await drain(Number.POSITIVE_INFINITY);
  return records;
}

/** The reference's reads: a reminder is due when the streak read at 20:00 local is alive and its day not met. */
const dueReminders: string[] = [];
async function onRead(engine: ReturnType<typeof createEngine>, read: { userId: string; at: number }): Promise<void> {
  const streak = await engine.streak(read.userId, { at: read.at });
  if (streak.length > 0 && !streak.met)
    dueReminders.push(`${read.userId} ${streak.periodStart} ${new Date(read.at).toISOString()}`);
}

type Fact = string;
const SETTLED = new Set(['streak.lost', 'freeze.consumed', 'freeze.earned']);
const settledFacts = (records: OutboxRecord[]): Fact[] =>
  records
    .filter((r) => SETTLED.has(r.entry.change.type))
    .map((r) => `${r.entry.userId} ${JSON.stringify(r.entry.change)} ${new Date(r.entry.at).toISOString()}`)
    .sort();
const reminderFacts = (records: OutboxRecord[]): Fact[] =>
  records
    .flatMap(({ entry }) =>
      entry.change.type === 'streak.reminder_due'
        ? [`${entry.userId} ${entry.change.periodStart} ${new Date(entry.at).toISOString()}`]
        : [],
    )
    .sort();

let reference: { settled: Fact[]; reminders: Fact[] } | null = null;

/** The facts every store must produce, from an engine that never sweeps: its final settlement, and its reads at 20:00 local. */
async function expected(): Promise<{ settled: Fact[]; reminders: Fact[] }> {
  if (reference !== null) return reference;
  const reads: Array<{ userId: string; at: number }> = [];
  for (const user of thePlan.users) {
    const [first, last] = thePlan.grids[user.window] as [number, number];
    for (let day = -1; day <= DAYS + 4; day++) {
      const at = instantOf(addDays(WINDOWS[user.window] as string, day), 20 * 60, user.zone);
      if (at >= first && at <= last) reads.push({ userId: user.userId, at });
    }
  }
  reads.sort((a, b) => a.at - b.at);
  const records = await run(memoryStore(), false, reads);
  // every loss and freeze used at the local midnight after its period, a freeze earned at the start of its day, by Intl's clock
  for (const { entry } of records) {
    const change = entry.change;
    const zone = ZONES[Number(entry.userId.slice(5)) % ZONES.length] as string;
    if (change.type === 'streak.lost' || change.type === 'freeze.consumed')
      expect(wall(entry.at, zone), entry.userId).toEqual({ date: addDays(change.periodEnd, 1), minutes: 0 });
    if (change.type === 'freeze.earned')
      expect(wall(entry.at, zone), entry.userId).toEqual({ date: change.date, minutes: 0 });
  }
  // and each reminder at 20:00 local on its day
  for (const fact of dueReminders) {
    const [userId, date, iso] = fact.split(' ') as [string, string, string];
    expect(wall(Date.parse(iso), ZONES[Number(userId.slice(5)) % ZONES.length] as string)).toEqual({
      date,
      minutes: 20 * 60,
    });
  }
  reference = { settled: settledFacts(records), reminders: [...dueReminders].sort() };
  return reference;
}

const dir = mkdtempSync(join(tmpdir(), 'kindling-sweep-proof-'));
const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => Store]> = [
  ['the memory store', () => memoryStore()],
  ['SQLite', () => sqliteStore({ path: join(dir, 'proof.db'), account: 'proof' })],
  ...presentTargets(targets).map((target): [string, () => Store] => [target.name, () => target.store()]),
];

describe('5,000 users in 20 zones over 10 days, swept at every local midnight and reminder instant', () => {
  it.each(stores)(
    'every loss, freeze used and earned, and reminder goes into the outbox of %s once, at its instant',
    async (_name, open) => {
      const want = await expected();
      expect(want.settled.length).toBeGreaterThan(1_000);
      expect(want.reminders.length).toBeGreaterThan(1_000);
      const store = open();
      try {
        const seen = new Map<string, number>();
        const records = await run(store, true, [], seen);
        expect(settledFacts(records)).toEqual(want.settled);
        expect(reminderFacts(records)).toEqual(want.reminders);
        // and each sent by the sweep at its instant, not later, when it fell in its user's window
        const late: string[] = [];
        let timely = 0;
        for (const { entry } of records) {
          if (!SETTLED.has(entry.change.type) && entry.change.type !== 'streak.reminder_due') continue;
          const user = thePlan.users[Number(entry.userId.slice(5))] as Plan['users'][number];
          const [first, last] = thePlan.grids[user.window] as [number, number];
          if (entry.at < first || entry.at > last) continue;
          timely += 1;
          if ((seen.get(entry.id) ?? Number.POSITIVE_INFINITY) > entry.at)
            late.push(`${entry.userId} ${entry.change.type} ${new Date(entry.at).toISOString()}`);
        }
        expect(timely).toBeGreaterThan(10_000);
        expect(late.slice(0, 5), `${late.length} sent after their instant`).toEqual([]);
      } finally {
        await store.close();
      }
    },
    600_000,
  );
});
