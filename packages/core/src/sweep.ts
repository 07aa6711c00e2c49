/**
 * What a sweeper runs (S10): settle one user up to an instant, or every user whose streak needs a
 * freeze or is lost by then, or who earns a freeze by then, as the store's index finds them, no
 * scan over all users: a line's `expiresAt` is the end of the last period its streak holds without
 * a freeze, and its `earnsAt` the local day start of the next earning, so a user is due once either
 * has passed. Users whose points line is due (a time trigger's boundary has passed, S33) are
 * settled too: their awards are paid at their boundaries, as their next event would pay them, so
 * a user who never comes back still gets an energy system's refill. A settlement that finds nothing to report writes nothing (the lazy path gives
 * the same). Each settlement is one write through
 * `store.update`, serialised with the user's events and checked against the version it read, so a
 * settlement racing an event or another sweeper is applied once: whichever comes second finds
 * nothing left to settle and writes nothing. What it settles is counted in the account's activity
 * (each change on the local day it happened) in the same write.
 */
import { countActivity } from './activity.js';
import type { EngineContext } from './engine-context.js';
import type { ExpiringRow } from './store.js';
import { indexWatch } from './index-entry.js';
import { boardsWatch } from './leaderboards/boards-watch.js';
import { pointsWatch } from './points/points-line.js';
import { payRequestPoints } from './points/request-points.js';
import type { PointsNews } from './points/points-news.js';
import { type DatedChange, datedNews, type OutboxChange, outboxEntries } from './outbox.js';
import { remindUser } from './reminders.js';
import { type SettledChange, settleUser } from './settle.js';
import type { Change, UserState } from './state.js';
import { checkCount, checkUserId } from './validate.js';

/** A settled change or a reminder as the engine answers it: the instant it happened in ISO 8601. */
export type SettledChangeView = OutboxChange & { readonly at: string };

export interface SettleResult {
  readonly userId: string;
  readonly changes: SettledChangeView[];
}

export interface SweepResult {
  /**
   * users the index found due (at most `limit` per rule and list), each settled by this call; those
   * with nothing to change or remind are among them, not among `users`
   */
  readonly due: number;
  /** users whose streaks moved or whose time triggers paid points */
  readonly users: number;
  /** changes they made (losses, freezes used or earned, pauses used) and reminders sent */
  readonly changes: number;
  /** whether the index still had due users past `limit` (sweep again) */
  readonly more: boolean;
}

/** A settled change as the outbox dates it: the change without its instant, and the instant. */
function undated(settled: SettledChange): DatedChange {
  const { at, ...change } = settled;
  return { change: change as Change, at };
}

/**
 * Users settled at once by one settleDue: each is its own `store.update`, and a store that commits
 * the updates it holds together (the SQLite store's group commit, up to 512 in one transaction;
 * Redis's pipeline) then spends one commit on many users rather than one per few (a commit of 16
 * took 41% of a sweep's time on SQLite; at 256, the commits' fsyncs still took about a tenth).
 */
const IN_FLIGHT = 512;

/** What settling one user did: the changes and reminders, each with its instant, and whether time triggers paid points. */
interface Settled {
  readonly changes: DatedChange[];
  readonly paid: boolean;
}
const NOTHING: Settled = Object.freeze({ changes: [], paid: false });

export function makeSweep(ctx: EngineContext) {
  const { rules, current, store, now, outbox } = ctx;
  const lines = indexWatch(rules);
  const pointsLines = pointsWatch(ctx.points);
  const boardLines = boardsWatch(ctx.boards);
  /** some active system has an active time trigger: only then may a user without points be paid by a sweep */
  const timed = ctx.points.some(
    (system) =>
      system.status === 'active' &&
      system.triggers.some((trigger) => trigger.type === 'time' && trigger.status === 'active'),
  );
  /**
   * Per rule with reminders, the last index line looked at for them (in expiry order): a line
   * before it was reminded already, or its period was met. Kept by this engine; a new engine (a
   * new process, a changed configuration) looks at the whole window once, and the reminded period
   * kept in each user's state keeps that from reminding anyone twice.
   */
  const reminderCursor = new Map<string, { expiresAt: number; userId: string }>();

  /**
   * Settle `userId` up to `at` and send the reminders due then (reminders.ts): what happened, each
   * with its instant; none when there was nothing to settle or remind (or no such user).
   */
  function settleAt(userId: string, at: number): Promise<Settled> {
    return current.update<Settled>(userId, at, ({ user, lines: stored }) => {
      if (user === null) return { result: NOTHING };
      lines.note(user);
      pointsLines.note(user);
      boardLines.note(user);
      const settlement = settleUser(user, rules, at);
      const reminders = remindUser(settlement.user, rules, at);
      const news = settlePoints(settlement.user, at);
      // a streak lost moves its boards, and time triggers' awards the boards of their systems
      const onBoards = boardLines.moved(settlement.user, { news, at }, at);
      // a points line moved: awards paid, or boundaries passed at the cap (their progress, and the
      // line's next boundary, move on even with nothing paid, so the due list moves past the user)
      const movedLines = pointsLines.changed(settlement.user);
      const paid = movedLines.length > 0;
      // Nothing happened (only the day moved on): the lazy path gives the same, so nothing is written.
      if (settlement.changes.length === 0 && settlement.history.length === 0 && reminders.length === 0 && !paid)
        return { result: NOTHING };
      if (!settlement.moved) settlement.user.version += 1;
      const dated = [...settlement.changes.map(undated), ...reminders];
      return {
        result: { changes: dated, paid },
        write: {
          user: settlement.user,
          history: settlement.history,
          rollups: [],
          ...lines.changedLines(settlement.user, stored),
          pointsLines: movedLines,
          boardLines: onBoards.lines,
          // counted as an event counts what it settles: each on the local day it happened
          activity: countActivity(at, null, settlement.changes),
          outbox: outbox ? outboxEntries(settlement.user, rules, [...dated, ...datedNews(news, at)]) : undefined,
          // where the streaks now stand decides what a later change of zone excuses (S5): a rebuild must know
          action: settlement.moved
            ? { kind: 'settle', at, version: settlement.user.version, days: settlement.days }
            : undefined,
        },
      };
    });
  }

  /**
   * S33: the time triggers of every points system settled up to `at` in `user` (a request with
   * nothing else to pay), each award dated at its boundary, as the next event would settle them;
   * the news of it for the outbox (S38), dated at the settlement.
   */
  function settlePoints(user: UserState, at: number): readonly PointsNews[] | undefined {
    // a user without points yet is paid by time triggers all the same (their line is due: points-line.ts)
    if (ctx.points.length === 0 || (user.points === undefined && !timed)) return undefined;
    const paid = payRequestPoints(ctx.points, user, {}, at);
    return paid.refused === null ? paid.news : undefined;
  }

  async function settle(userId: string, options?: { at?: Date | number }): Promise<SettleResult> {
    const id = checkUserId(userId);
    const { changes } = await settleAt(id, now(options?.at));
    return {
      userId: id,
      changes: changes.map(({ change, at }) => ({ ...change, at: new Date(at).toISOString() })),
    };
  }

  async function settleDue(options?: { at?: Date | number; limit?: number }): Promise<SweepResult> {
    const at = now(options?.at);
    const limit = checkCount(options?.limit ?? 500, 'limit', 1, 10_000);
    const due = new Set<string>();
    let more = false;
    const reached = new Map<string, ExpiringRow>();
    for (const rule of rules) {
      // every line of a streak whose expiry has passed, dead or not yet (deadAt > 0)
      const rows = await store.expiring(rule.key, 0, at + 1, limit);
      if (rows.length === limit) more = true;
      for (const row of rows) due.add(row.userId);
      if (rule.freezes.earnEvery > 0) {
        // users whose next freeze is earned by now (S12): settled at their local day start
        const earning = await store.earning(rule.key, at + 1, limit);
        if (earning.length === limit) more = true;
        for (const userId of earning) due.add(userId);
      }
      if (rule.remindBeforeMs === null) continue;
      // live streaks whose period ends within remindBefore, after those looked at before
      const remind = await store.expiring(
        rule.key,
        at,
        at + rule.remindBeforeMs + 1,
        limit,
        reminderCursor.get(rule.key),
      );
      if (remind.length === limit) more = true;
      for (const row of remind) due.add(row.userId);
      const last = remind[remind.length - 1];
      if (last !== undefined) reached.set(rule.key, last);
    }
    if (ctx.points.length > 0) {
      // users whose time triggers have a boundary by now (S33): settled to it, each award dated there
      const rows = await store.pointsDue(at + 1, limit);
      if (rows.length === limit) more = true;
      for (const row of rows) due.add(row.userId);
    }
    let users = 0;
    let changes = 0;
    // a few users at once: a store serialises each user's writes, not different users'
    const queue = [...due];
    const worker = async () => {
      for (let userId = queue.pop(); userId !== undefined; userId = queue.pop()) {
        const settled = await settleAt(userId, at);
        if (settled.changes.length > 0 || settled.paid) users++;
        changes += settled.changes.length;
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, queue.length) }, worker));
    // only once every user found was settled: a sweep that failed looks at them again
    for (const [key, row] of reached) reminderCursor.set(key, { expiresAt: row.expiresAt, userId: row.userId });
    return { due: due.size, users, changes, more };
  }

  async function nextDueAt(options: { at?: Date | number; until: Date | number }): Promise<number> {
    const at = now(options.at);
    const until = Math.max(at, now(options.until));
    let next = until;
    for (const rule of rules) {
      // the first line to expire (one already past expiry is due now)
      const [first] = await store.expiring(rule.key, 0, next, 1);
      if (first !== undefined) next = Math.max(at, Math.min(next, first.expiresAt));
      // the index tells who earns before an instant, not when: someone before `next` makes it now
      if (rule.freezes.earnEvery > 0 && next > at && (await store.earning(rule.key, next, 1)).length > 0) next = at;
      if (rule.remindBeforeMs === null || next === at) continue;
      // the first live line after those reminded, due remindBefore ahead of its expiry
      const [remind] = await store.expiring(rule.key, at, next + rule.remindBeforeMs, 1, reminderCursor.get(rule.key));
      if (remind !== undefined) next = Math.max(at, Math.min(next, remind.expiresAt - rule.remindBeforeMs));
      if (next === at) break;
    }
    if (ctx.points.length > 0 && next > at) {
      const [first] = await store.pointsDue(next, 1);
      if (first !== undefined) next = Math.max(at, Math.min(next, first.dueAt));
    }
    return next;
  }

  return { settle, settleDue, nextDueAt };
}
