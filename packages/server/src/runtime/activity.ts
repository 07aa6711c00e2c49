/**
 * Per-account activity for the dashboard: each metric's total, event count and last event, and per
 * UTC day the events, extensions, losses and freezes used. Counted in memory as events arrive and
 * added to the control plane about once a second (and at shutdown), never on the request's path.
 */
import type { Change } from '@kindling/core';
import type { Control } from '../control/control.js';

export interface DayActivity {
  date: string;
  events: number;
  extended: number;
  lost: number;
  freezesUsed: number;
}

export interface MetricActivity {
  total: number;
  events: number;
  lastEventAt: string | null;
}

type Pending = Map<string, Map<string, Record<string, number>>>;

export class Activity {
  private pending: Pending = new Map();
  private lastEvents = new Map<string, Record<string, string>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly control: Control, private readonly intervalMs = 1000) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => {}), this.intervalMs);
    this.timer.unref();
  }

  /** Counts one recorded event (not a replay). */
  count(accountId: string, metric: string, value: number, at: string, changes: readonly Change[]): void {
    let account = this.pending.get(accountId);
    if (account === undefined) this.pending.set(accountId, (account = new Map()));
    add(account, 'metrics', `${metric}.total`, value);
    add(account, 'metrics', `${metric}.events`, 1);
    const day = `day:${at.slice(0, 10)}`;
    add(account, day, 'events', 1);
    for (const change of changes) {
      if (change.type === 'streak.extended' || change.type === 'streak.started') add(account, day, 'extended', 1);
      else if (change.type === 'streak.lost') add(account, day, 'lost', 1);
      else if (change.type === 'freeze.consumed') add(account, day, 'freezesUsed', 1);
      else if (change.type === 'achievement.completed') add(account, 'achievements', change.achievement, 1);
    }
    let last = this.lastEvents.get(accountId);
    if (last === undefined) this.lastEvents.set(accountId, (last = {}));
    if ((last[metric] ?? '') < at) last[metric] = at;
  }

  /** Counts one completion of an achievement by an explicit call. */
  countCompletion(accountId: string, achievement: string): void {
    let account = this.pending.get(accountId);
    if (account === undefined) this.pending.set(accountId, (account = new Map()));
    add(account, 'achievements', achievement, 1);
  }

  /** How many users completed each achievement. */
  async completions(accountId: string): Promise<Record<string, number>> {
    await this.flush();
    return this.control.activity(accountId, 'achievements');
  }

  /** Writes what was counted since the last flush. */
  flush(): Promise<void> {
    const pending = this.pending;
    const lastEvents = this.lastEvents;
    this.pending = new Map();
    this.lastEvents = new Map();
    this.flushing = this.flushing.then(async () => {
      for (const [accountId, records] of pending) {
        for (const [key, increments] of records) await this.control.addActivity(accountId, key, increments);
      }
      for (const [accountId, fields] of lastEvents) {
        const stored = await this.control.kv.readFields(`metric-last:${accountId}`);
        const newer = Object.fromEntries(Object.entries(fields).filter(([metric, at]) => (stored[metric] ?? '') < at));
        await this.control.kv.setFields(`metric-last:${accountId}`, newer);
      }
    });
    return this.flushing;
  }

  async metrics(accountId: string): Promise<Record<string, MetricActivity>> {
    await this.flush();
    const counters = await this.control.activity(accountId, 'metrics');
    const last = await this.control.kv.readFields(`metric-last:${accountId}`);
    const out: Record<string, MetricActivity> = {};
    for (const [field, value] of Object.entries(counters)) {
      const dot = field.lastIndexOf('.');
      const metric = field.slice(0, dot);
      const entry = (out[metric] ??= { total: 0, events: 0, lastEventAt: last[metric] ?? null });
      if (field.endsWith('.total')) entry.total = value;
      else entry.events = value;
    }
    return out;
  }

  /** The last `days` UTC days up to `today`, oldest first. */
  async days(accountId: string, today: string, days: number): Promise<DayActivity[]> {
    await this.flush();
    const end = Date.parse(`${today}T00:00:00Z`);
    const dates = Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
    return Promise.all(
      dates.map(async (date) => {
        const c = await this.control.activity(accountId, `day:${date}`);
        return { date, events: c.events ?? 0, extended: c.extended ?? 0, lost: c.lost ?? 0, freezesUsed: c.freezesUsed ?? 0 };
      }),
    );
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

function add(account: Map<string, Record<string, number>>, key: string, field: string, n: number): void {
  let record = account.get(key);
  if (record === undefined) account.set(key, (record = {}));
  record[field] = (record[field] ?? 0) + n;
}
