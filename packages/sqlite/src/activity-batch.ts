/**
 * The activity counts of one group commit's writes (group-commit.ts), summed per account, day,
 * metric and achievement, and written once at the end of the batch's transaction: a batch of many
 * events of a day writes one row per day and metric instead of one per event (bench:http's batches
 * spent an eighth of their time in these upserts). A write's counts are added once its rows are all
 * written, so a write that failed adds none; a batch rolled back forgets them all.
 */
import type { ActivityDelta } from '@kindling/core/adapter';
import type { Statements } from './statements.js';

interface AccountSums {
  readonly days: Map<string, [number, number, number, number]>;
  readonly metrics: Map<string, [number, number, number]>;
  readonly achievements: Map<string, number>;
}

export interface ActivityBatch {
  /** the counts of a write of `account` whose rows are all written */
  add(account: string, delta: ActivityDelta): void;
  /** writes the sums, in the batch's transaction, and forgets them */
  write(sql: Statements): void;
  /** forgets the sums (a new batch, or a batch rolled back) */
  clear(): void;
}

export function activityBatch(): ActivityBatch {
  const accounts = new Map<string, AccountSums>();
  return {
    add(account, delta) {
      let sums = accounts.get(account);
      if (sums === undefined)
        accounts.set(account, (sums = { days: new Map(), metrics: new Map(), achievements: new Map() }));
      for (const d of delta.days) {
        const day = sums.days.get(d.day);
        if (day === undefined) sums.days.set(d.day, [d.events, d.extended, d.lost, d.freezesUsed]);
        else {
          day[0] += d.events;
          day[1] += d.extended;
          day[2] += d.lost;
          day[3] += d.freezesUsed;
        }
      }
      for (const m of delta.metrics) {
        const metric = sums.metrics.get(m.metric);
        if (metric === undefined) sums.metrics.set(m.metric, [m.total, m.events, m.lastAt]);
        else {
          metric[0] += m.total;
          metric[1] += m.events;
          metric[2] = Math.max(metric[2], m.lastAt);
        }
      }
      for (const a of delta.achievements) sums.achievements.set(a, (sums.achievements.get(a) ?? 0) + 1);
    },
    write(sql) {
      for (const [account, sums] of accounts) {
        for (const [day, [e, x, l, f]] of sums.days) sql.addDay.run(account, day, e, x, l, f);
        for (const [metric, [total, events, lastAt]] of sums.metrics)
          sql.addMetric.run(account, metric, total, events, lastAt);
        for (const [achievement, count] of sums.achievements)
          sql.addCompletions.run(account, achievement, count, count);
      }
      accounts.clear();
    },
    clear() {
      accounts.clear();
    },
  };
}
