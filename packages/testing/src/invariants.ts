/**
 * Invariants every streak read must satisfy, whatever the rule and the events (S15..S17, S12).
 * `streakViolations` lists what is wrong; `assertStreakInvariants` throws with that list.
 */
import { parseDay, type Engine, type RecordResult, type StreakRead } from '@kindling/core';
import type { TimelineEvent } from './arbitraries.js';

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function streakViolations(read: StreakRead): string[] {
  const problems: string[] = [];
  const history = read.streakHistory;
  // S16: consecutive periods, oldest first, ending with the current one.
  for (let i = 1; i < history.length; i++) {
    const before = history[i - 1]!;
    const after = history[i]!;
    if (nextDay(before.periodEnd) !== after.periodStart) {
      problems.push(
        `S16: history has a gap or overlap between ${before.periodStart}..${before.periodEnd} and ${after.periodStart}..${after.periodEnd}`,
      );
    }
    if (after.length !== 0 && after.length !== before.length && after.length !== before.length + 1) {
      problems.push(`S8/S9: history length steps from ${before.length} to ${after.length} at ${after.periodStart}`);
    }
  }
  for (const period of history) {
    if (parseDay(period.periodStart) > parseDay(period.periodEnd))
      problems.push(`S3: period ${period.periodStart} ends before it starts`);
    if (period.usedFreeze && period.usedPause)
      problems.push(`S11: period ${period.periodStart} used a freeze and a pause`);
    if ((period.usedFreeze || period.usedPause) && period.length === 0)
      problems.push(`S9: period ${period.periodStart} was protected but holds length 0`);
  }
  const last = history[history.length - 1];
  if (last !== undefined && (last.periodStart !== read.periodStart || last.periodEnd !== read.periodEnd)) {
    problems.push(`S16: history ends with ${last.periodStart}, not the current period ${read.periodStart}`);
  }
  if (last !== undefined && read.met && last.length !== read.length)
    problems.push(`S16: the met current period shows ${last.length}, the streak ${read.length}`);
  // S12: freezes within bounds.
  if (!Number.isInteger(read.freezes) || read.freezes < 0 || read.freezes > read.maxFreezes) {
    problems.push(`S12: freezes ${read.freezes} outside 0..${read.maxFreezes}`);
  }
  // S17: longest is never below the current length.
  if (read.longest < read.length) problems.push(`S17: longest ${read.longest} below length ${read.length}`);
  // S15: with length 0, started and expires are null; otherwise expires is not before the period ends.
  if (read.length === 0) {
    if (read.started !== null || read.expires !== null || read.expiresAt !== null)
      problems.push('S15: a streak of length 0 has started or expires set');
  } else {
    if (read.started === null || read.expires === null || read.expiresAt === null)
      problems.push('S15: a live streak lacks started or expires');
    else {
      if (read.expires < read.periodEnd)
        problems.push(`S15: expires ${read.expires} before the current period ends ${read.periodEnd}`);
      if (read.started > read.periodEnd) problems.push(`S8: started ${read.started} after the current period`);
    }
  }
  return problems;
}

export function assertStreakInvariants(read: StreakRead): void {
  const problems = streakViolations(read);
  if (problems.length > 0)
    throw new Error(`streak invariants broken:\n- ${problems.join('\n- ')}\n${JSON.stringify(read)}`);
}

/** Record a timeline for one user, checking the invariants of the streak read after every event. */
export async function recordTimeline(
  engine: Engine,
  userId: string,
  timeline: readonly TimelineEvent[],
  options: { historyPeriods?: number; check?: boolean } = {},
): Promise<RecordResult[]> {
  const results: RecordResult[] = [];
  for (const event of timeline) {
    results.push(await engine.record({ userId, ...event }));
    if (options.check !== false) {
      for (const rule of engine.rules) {
        assertStreakInvariants(
          await engine.streak(userId, { at: event.at, key: rule.key, historyPeriods: options.historyPeriods ?? 30 }),
        );
      }
    }
  }
  return results;
}
