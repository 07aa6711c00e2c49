/**
 * The account's activity counters on Redis: three hashes in each partition's slot (partition.ts),
 * added to by the commit script on a single Redis (one call with the user's keys), and on a Cluster
 * by the script that follows the commit in the partition's slot, once per user version (a hash of the version last
 * counted per user), so that a script tried twice counts once.
 *
 * days: `<YYYY-MM-DD>:e|x|l|f` → events, extended, lost, freezes used
 * metrics: `<escaped metric>:t|n|a` → total (a float), events, latest instant
 * completions: `<escaped achievement>` → completions
 */
import type { ActivityReport } from '@kindling/core';
import type { ActivityDelta, DayCounts, MetricCounts } from '@kindling/core/adapter';
import type { Connection } from './connection.js';
import { escapeName, unescapeName, type ActivityKeys } from './keys.js';

/** Which of the activity keys an argument adds to, as the scripts number them. */
const DAYS = 1;
const METRICS = 2;
const COMPLETIONS = 3;

/** The script arguments of a delta: n, then n × (key number, op, field, value); op `i` adds a whole number, `f` a float, `m` keeps the maximum. */
export function activityArgs(delta: ActivityDelta | undefined): string[] {
  if (delta === undefined) return ['0'];
  const args: string[] = [];
  for (const d of delta.days) {
    if (d.events !== 0) args.push(String(DAYS), 'i', `${d.day}:e`, String(d.events));
    if (d.extended !== 0) args.push(String(DAYS), 'i', `${d.day}:x`, String(d.extended));
    if (d.lost !== 0) args.push(String(DAYS), 'i', `${d.day}:l`, String(d.lost));
    if (d.freezesUsed !== 0) args.push(String(DAYS), 'i', `${d.day}:f`, String(d.freezesUsed));
  }
  for (const m of delta.metrics) {
    const name = escapeName(m.metric);
    // 17 significant digits: the float Redis adds is the double JavaScript holds
    args.push(
      String(METRICS),
      'f',
      `${name}:t`,
      m.total.toPrecision(17),
      String(METRICS),
      'i',
      `${name}:n`,
      String(m.events),
      String(METRICS),
      'm',
      `${name}:a`,
      String(m.lastAt),
    );
  }
  for (const a of delta.achievements) args.push(String(COMPLETIONS), 'i', escapeName(a), '1');
  return [String(args.length / 4), ...args];
}

/**
 * The counters of days `from`..`to`, every metric and every achievement, added over `parts` (the
 * account's partitions, and the counts kept before there were partitions).
 */
export async function readActivity(
  connection: Connection,
  parts: readonly ActivityKeys[],
  from: string,
  to: string,
): Promise<ActivityReport> {
  const dates = daysBetween(from, to);
  const fields = dates.flatMap((day) => [`${day}:e`, `${day}:x`, `${day}:l`, `${day}:f`]);
  const read = await Promise.all(
    parts.map((keys) =>
      Promise.all([
        fields.length === 0
          ? Promise.resolve([] as Array<string | null>)
          : connection.run(connection.client.hmget(keys.days, ...fields), keys.days),
        connection.run(connection.client.hgetall(keys.metrics), keys.metrics),
        connection.run(connection.client.hgetall(keys.completions), keys.completions),
      ]),
    ),
  );
  const dayTotals = new Array<number>(fields.length).fill(0);
  const byMetric = new Map<string, { total: number; events: number; lastAt: number }>();
  const byAchievement = new Map<string, number>();
  for (const [dayValues, metrics, completions] of read) {
    dayValues.forEach((value, i) => {
      dayTotals[i] = (dayTotals[i] as number) + Number(value ?? 0);
    });
    for (const [field, value] of Object.entries(metrics)) {
      const cut = field.lastIndexOf(':');
      const metric = unescapeName(field.slice(0, cut));
      let entry = byMetric.get(metric);
      if (entry === undefined) byMetric.set(metric, (entry = { total: 0, events: 0, lastAt: 0 }));
      const kind = field.slice(cut + 1);
      if (kind === 't') entry.total += Number(value);
      else if (kind === 'n') entry.events += Number(value);
      else if (kind === 'a') entry.lastAt = Math.max(entry.lastAt, Number(value));
    }
    for (const [field, value] of Object.entries(completions)) {
      const achievement = unescapeName(field);
      byAchievement.set(achievement, (byAchievement.get(achievement) ?? 0) + Number(value));
    }
  }
  const days: DayCounts[] = [];
  dates.forEach((day, i) => {
    const [e, x, l, f] = [0, 1, 2, 3].map((k) => dayTotals[i * 4 + k] as number) as [number, number, number, number];
    if (e + x + l + f > 0) days.push({ day, events: e, extended: x, lost: l, freezesUsed: f });
  });
  const inOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    days,
    metrics: [...byMetric].sort((a, b) => inOrder(a[0], b[0])).map(([metric, m]): MetricCounts => ({ metric, ...m })),
    achievements: [...byAchievement]
      .map(([achievement, completions]) => ({ achievement, completions }))
      .sort((a, b) => inOrder(a.achievement, b.achievement)),
  };
}

/** Every date from `from` to `to` (`YYYY-MM-DD`), at most 3,660 of them. */
function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const count = Math.min(3660, Math.round((end - start) / 86_400_000) + 1);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
