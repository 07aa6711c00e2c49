/**
 * The dashboard's activity of an account: each metric's total, event count and last event, per UTC
 * day the events, extensions, losses and freezes used, and each achievement's completions. Read from
 * the account's store, which commits these counts with each event (Store.activity), so nothing is
 * counted in process memory and a crash loses none of them.
 *
 * Counts that versions before the store kept them wrote to the control plane stay there, read-only,
 * and are added (read once per account and process: nothing writes them any more).
 */
import type { ActivityReport } from '@kindling/core';
import type { Backend } from '../backend/backend.js';

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

/** What the control plane holds from before: metric counters, their latest events, achievements. */
interface Legacy {
  metrics: Map<string, MetricActivity>;
  achievements: Map<string, number>;
  days: Map<string, DayActivity>;
}

/** A range of one day that holds no counts: for the reads that want only metrics and achievements. */
const NO_DAYS = ['9999-12-31', '9999-12-31'] as const;

const DAY_FIELDS = ['events', 'extended', 'lost', 'freezesUsed'] as const;

export class Activity {
  private readonly legacy = new Map<string, Promise<Legacy>>();

  constructor(private readonly backend: Backend) {}

  async metrics(accountId: string): Promise<Map<string, MetricActivity>> {
    const [report, legacy] = await Promise.all([this.report(accountId, ...NO_DAYS), this.legacyOf(accountId)]);
    const out = new Map(legacy.metrics);
    for (const m of report.metrics) {
      const before = out.get(m.metric);
      const lastEventAt = new Date(m.lastAt).toISOString();
      out.set(m.metric, {
        total: (before?.total ?? 0) + m.total,
        events: (before?.events ?? 0) + m.events,
        lastEventAt: before?.lastEventAt != null && before.lastEventAt > lastEventAt ? before.lastEventAt : lastEventAt,
      });
    }
    return out;
  }

  /** The last `days` UTC days up to `today`, oldest first. */
  async days(accountId: string, today: string, days: number): Promise<DayActivity[]> {
    const end = Date.parse(`${today}T00:00:00Z`);
    const dates = Array.from({ length: days }, (_, i) =>
      new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    );
    const [report, legacy] = await Promise.all([
      this.report(accountId, dates[0] ?? today, today),
      this.legacyOf(accountId, dates),
    ]);
    const stored = new Map(report.days.map((d) => [d.day, d]));
    return dates.map((date) => {
      const d = stored.get(date);
      const old = legacy.days.get(date);
      return {
        date,
        events: (d?.events ?? 0) + (old?.events ?? 0),
        extended: (d?.extended ?? 0) + (old?.extended ?? 0),
        lost: (d?.lost ?? 0) + (old?.lost ?? 0),
        freezesUsed: (d?.freezesUsed ?? 0) + (old?.freezesUsed ?? 0),
      };
    });
  }

  /** How many users completed each achievement. */
  async completions(accountId: string): Promise<Map<string, number>> {
    const [report, legacy] = await Promise.all([this.report(accountId, ...NO_DAYS), this.legacyOf(accountId)]);
    const out = new Map(legacy.achievements);
    for (const a of report.achievements) out.set(a.achievement, (out.get(a.achievement) ?? 0) + a.completions);
    return out;
  }

  private report(accountId: string, from: string, to: string): Promise<ActivityReport> {
    return this.backend.storeFor(accountId).activity(from, to);
  }

  /** The control plane's counts from before, kept per account (days read as asked for, and kept too). */
  private async legacyOf(accountId: string, dates: readonly string[] = []): Promise<Legacy> {
    let pending = this.legacy.get(accountId);
    if (pending === undefined) {
      pending = this.readLegacy(accountId);
      this.legacy.set(accountId, pending);
      // a failed read is tried again next time
      pending.catch(() => this.legacy.delete(accountId));
    }
    const legacy = await pending;
    const control = this.backend.control;
    const missing = dates.filter((date) => !legacy.days.has(date));
    const read = await Promise.all(missing.map((date) => control.activity(accountId, `day:${date}`)));
    missing.forEach((date, i) => {
      const c = new Map(Object.entries(read[i] ?? {}));
      const day: DayActivity = { date, events: 0, extended: 0, lost: 0, freezesUsed: 0 };
      for (const field of DAY_FIELDS) day[field] = c.get(field) ?? 0;
      legacy.days.set(date, day);
    });
    return legacy;
  }

  private async readLegacy(accountId: string): Promise<Legacy> {
    const control = this.backend.control;
    const [counters, last, achievements] = await Promise.all([
      control.activity(accountId, 'metrics'),
      control.kv.readFields(`metric-last:${accountId}`),
      control.activity(accountId, 'achievements'),
    ]);
    const lastAt = new Map(Object.entries(last));
    const metrics = new Map<string, MetricActivity>();
    for (const [field, value] of Object.entries(counters)) {
      const dot = field.lastIndexOf('.');
      const metric = field.slice(0, dot);
      let entry = metrics.get(metric);
      if (entry === undefined)
        metrics.set(metric, (entry = { total: 0, events: 0, lastEventAt: lastAt.get(metric) ?? null }));
      if (field.endsWith('.total')) entry.total = value;
      else entry.events = value;
    }
    return { metrics, achievements: new Map(Object.entries(achievements)), days: new Map() };
  }
}
