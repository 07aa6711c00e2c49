/**
 * The sweeper: every KINDLING_SWEEP_MS, the users of each account (in each of its namespaces: its
 * own and every tenant's, spaces.ts) whose streak needed a freeze or was lost, who earned a freeze or
 * are due a reminder, are settled (engine.settleDue), so that the dashboard counts losses and freezes
 * used on the day they happened, also for users who never come back. Every process sweeps; a user
 * settled by one is found settled by the others, who write nothing (settling is idempotent and each
 * write is checked against the version it read), so no loss is counted twice and none is lost with a
 * process.
 *
 * A sweep has three steps:
 * 1. List the namespaces, yielding to the event loop between them, and keep those that may hold a
 *    due user. After a namespace is settled, the sweeper asks its engine when it is next due
 *    (`engine.nextDueAt`: a few reads of the first lines of the store's index) and leaves it
 *    unvisited until then, reading nothing of it, unless this process wrote to its store since
 *    (store-writes.ts: a write may make a user due sooner), its engine changed (a new configuration)
 *    or its last visit failed or was cut short. Another process's writes are swept by that process;
 *    should it die, or a command (`kindling import`) write without sweeping, the slow full look,
 *    every FULL_LOOK_SWEEPS sweeps (5 minutes at the default 30 s) and at least every FULL_LOOK_MS
 *    of the clock, visits every namespace: no due user waits longer than that.
 *    Other bounded per-namespace jobs of the sweep take the list this step answers.
 * 2. Settle the namespaces kept, round-robin: a round of at most BATCH users of each in turn, each
 *    namespace going on while its rounds answer more due users and settle someone (a round that
 *    settles nobody ends it, so a user that cannot be settled does not hold the sweep), so that one
 *    namespace with a million due users settles them all in this sweep without starving the others.
 *    Between rounds the sweep yields (setImmediate), and while the process serves requests with its
 *    event loop busy over 90% of the time it backs off BACK_OFF_MS first (serving-load.ts, as the
 *    relay does), so that requests keep their latency and the sweep takes what is left. `stop`
 *    ends it after the round under way.
 *
 * 3. Ask for the next sweep at the earliest of the namespaces' next due instants it knows, when
 *    that falls before the schedule's next one (periodic.ts `wakeIn`), so that a zone's midnight
 *    starts a sweep at once rather than up to an interval later: never before now, never sooner
 *    than WAKE_GAP_MS after the sweep before, and never for a namespace that was due already when
 *    its engine told (a user that could not be settled waits for the schedule), so it never spins.
 *
 * On its way through the list, each namespace's idempotency records past their retention are removed
 * in bounded rounds, whatever its rule (forget-idempotency.ts: at most every 5 minutes once caught up).
 */
import type { Engine } from '@kindling/core';
import type { Control } from '../control/control.js';
import type { Account } from '../control/types.js';
import type { AccountRuntime, Engines } from '../engines/engines.js';
import type { IdempotencyForgetter } from './forget-idempotency.js';
import { Periodic } from './periodic.js';
import { ServingLoad } from './serving-load.js';
import { type Space, spacesOf } from '../backend/spaces.js';
import type { StoreWrites } from '../backend/store-writes.js';

/**
 * Users settled per namespace and round at most: four of the engine's settlements in flight
 * (core/src/sweep.ts), so that a round of a namespace with many due users fills its commits.
 */
const BATCH = 2_048;
/** Every namespace is visited, whatever its next due instant said, every FULL_LOOK_SWEEPS sweeps and at least every FULL_LOOK_MS of the clock. */
export const FULL_LOOK_SWEEPS = 10;
export const FULL_LOOK_MS = 5 * 60_000;
const BACK_OFF_MS = 20;
/** A sweep woken by a due instant starts at least this long after the sweep before it ended. */
export const WAKE_GAP_MS = 250;

export interface SweepReport {
  accounts: number;
  users: number;
  changes: number;
  failures: number;
}

/** What a sweep tells the metrics (metrics/metrics.ts), when they are on. */
export interface SweepWatch {
  swept(sweep: {
    /**
     * users the index found due, in the namespaces and rounds that answered (each of them settled:
     * a round that fails leaves its users for the next sweep, uncounted)
     */
    due: number;
    /** users settled, changes made, namespaces not swept */
    users: number;
    changes: number;
    failures: number;
    /** namespaces still holding due users when the sweep left them (a round that settled nobody, or a stop) */
    behind: number;
    seconds: number;
    /** how late it started against its schedule (periodic.ts) */
    lateSeconds: number;
  }): void;
}

/** A namespace of the sweep, with its runtime as the listing found it. */
interface Listed {
  readonly space: Space;
  readonly runtime: AccountRuntime;
}

/** When a namespace settled by this process is next due, as its engine (this one) told it at `told`. */
interface NextDue {
  readonly engine: Engine;
  readonly at: number;
  /** the clock's instant it was told (a due instant not after it is a user that could not be settled then) */
  readonly told: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Sweeper {
  private readonly periodic = new Periodic(() => this.sweep());
  /** per store name; a namespace not here is visited */
  private readonly nextDue = new Map<string, NextDue>();
  private lastFullLook = Number.NEGATIVE_INFINITY;
  private sweepsSinceFullLook = 0;
  /** whether requests keep the process busy: the sweep then backs off (see the header) */
  private readonly load = new ServingLoad();

  constructor(
    private readonly control: Control,
    private readonly engines: Engines,
    private readonly clock: () => number,
    private readonly warn: (error: unknown, message: string) => void,
    private readonly watch: SweepWatch | null = null,
    /** this process's writes to the streak stores (null: none known, every namespace visited each sweep) */
    private readonly writes: StoreWrites | null = null,
    /** removes each namespace's idempotency records past their retention (forget-idempotency.ts) */
    private readonly forgetter: IdempotencyForgetter | null = null,
  ) {}

  /** Sweeps every `everyMs` (0: never), in the background, and at the next due instant known (see the header). */
  start(everyMs: number): void {
    this.periodic.start(everyMs);
    this.wakeAtNextDue();
  }

  /** Tells the sweeper how many requests the process has served so far, so that it gives way to them. */
  watchRequests(served: () => number): void {
    this.load.watchRequests(served);
  }

  /** One sweep over every account (the running one, when a sweep is under way). */
  sweepOnce(): Promise<SweepReport> {
    return this.periodic.runOnce();
  }

  /** Stops sweeping, waiting for a sweep under way (it ends after its round under way). */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private get stopped(): boolean {
    return this.periodic.isStopped;
  }

  private async sweep(): Promise<SweepReport> {
    const started = performance.now();
    const progress = { behind: 0, due: 0 };
    const report: SweepReport = { accounts: 0, users: 0, changes: 0, failures: 0 };
    const listed = await this.listSpaces(report);
    if (listed !== null) await this.settleDue(listed, report, progress);
    this.wakeAtNextDue();
    this.watch?.swept({
      due: progress.due,
      users: report.users,
      changes: report.changes,
      failures: report.failures,
      behind: progress.behind,
      seconds: (performance.now() - started) / 1000,
      lateSeconds: this.periodic.lateMs / 1000,
    });
    return report;
  }

  /**
   * Every namespace with a streak rule, yielding between them (null when the control plane did not
   * answer); counts the accounts and the failures in `report`.
   */
  private async listSpaces(report: SweepReport): Promise<Listed[] | null> {
    let accounts: Account[];
    try {
      accounts = await this.control.accounts();
    } catch (error) {
      this.warn(error, 'sweep: the control plane did not answer; the next sweep tries again');
      report.failures++;
      return null;
    }
    const listed: Listed[] = [];
    for (const account of accounts) {
      if (this.stopped) break;
      let spaces: Space[];
      try {
        spaces = await spacesOf(this.control, account.id);
      } catch (error) {
        report.failures++;
        this.warn(error, `sweep: account ${account.id} was not swept; the next sweep tries again`);
        continue;
      }
      let swept = false;
      // a namespace that fails is told and left for the next sweep; the account's others go on
      for (const space of spaces) {
        if (this.stopped) break;
        await nextTurn();
        try {
          const runtime = await this.engines.runtimeFor(space);
          await this.forgetter?.forgetIn(space.store, runtime.engine.store);
          // the rule and the points systems are the account's: with neither, none of its namespaces
          // has anything to settle (only keys to forget)
          if (runtime.config.streak === null && runtime.pointsByKey.size === 0) {
            if (this.forgetter === null) break;
            continue;
          }
          swept = true;
          listed.push({ space, runtime });
        } catch (error) {
          report.failures++;
          this.nextDue.delete(space.store);
          this.warn(error, `sweep: namespace ${space.store} was not swept; the next sweep tries again`);
        }
      }
      if (swept) report.accounts++;
    }
    return listed;
  }

  /** Whether the namespace may hold a due user now (see the header); takes its write mark. */
  private mayBeDue({ space, runtime }: Listed, now: number, fullLook: boolean): boolean {
    // taken whatever is decided: a write from now on marks it again
    const written = this.writes === null || this.writes.takeWritten(space.store);
    const known = this.nextDue.get(space.store);
    return fullLook || written || known === undefined || known.engine !== runtime.engine || known.at <= now;
  }

  /** Settles the listed namespaces that may hold due users, round-robin until none has more (see the header). */
  private async settleDue(
    listed: Listed[],
    report: SweepReport,
    progress: { behind: number; due: number },
  ): Promise<void> {
    const now = this.clock();
    const fullLook =
      ++this.sweepsSinceFullLook >= FULL_LOOK_SWEEPS ||
      now - this.lastFullLook >= FULL_LOOK_MS ||
      now < this.lastFullLook;
    if (fullLook && !this.stopped) {
      this.lastFullLook = now;
      this.sweepsSinceFullLook = 0;
    }
    const names = new Set(listed.map(({ space }) => space.store));
    for (const name of this.nextDue.keys()) if (!names.has(name)) this.nextDue.delete(name);
    let active = listed.filter((one) => this.mayBeDue(one, now, fullLook));
    while (active.length > 0) {
      const more: Listed[] = [];
      for (const [index, one] of active.entries()) {
        if (this.stopped) {
          // left with due users maybe: visited by the next sweep (of another process, or this one's next start)
          for (const left of active.slice(index)) this.nextDue.delete(left.space.store);
          progress.behind += active.length - index;
          return;
        }
        await this.giveWay();
        const { space, runtime } = one;
        const engine = runtime.engine;
        try {
          const at = this.clock();
          const done = await engine.settleDue({ at, limit: BATCH });
          progress.due += done.due;
          report.users += done.users;
          report.changes += done.changes;
          if (done.more && done.users > 0) {
            more.push(one);
            continue;
          }
          if (done.more) {
            // the round settled nobody: what it found cannot be settled now; the next sweep looks again
            progress.behind++;
            this.nextDue.set(space.store, { engine, at, told: at });
            continue;
          }
          const next = await engine.nextDueAt({ at, until: at + FULL_LOOK_MS });
          this.nextDue.set(space.store, { engine, at: next, told: at });
        } catch (error) {
          report.failures++;
          this.nextDue.delete(space.store);
          this.warn(error, `sweep: namespace ${space.store} was not swept; the next sweep tries again`);
        }
      }
      active = more;
    }
  }

  /**
   * Asks for a sweep at the earliest due instant known (see the header), when it falls before the
   * next of the schedule: never before now, never sooner than WAKE_GAP_MS after this sweep, and
   * not for a namespace whose due instant was already past when told (a user that could not be
   * settled: the schedule's next sweep looks again), so that the sweeper never spins.
   */
  private wakeAtNextDue(): void {
    if (this.stopped) return;
    let earliest = Number.POSITIVE_INFINITY;
    for (const { at, told } of this.nextDue.values()) if (at > told && at < earliest) earliest = at;
    if (earliest === Number.POSITIVE_INFINITY) return;
    this.periodic.wakeIn(Math.max(WAKE_GAP_MS, earliest - this.clock()));
  }

  /** Yields to the event loop; first backs off while requests keep it busy. */
  private async giveWay(): Promise<void> {
    if (this.load.busy()) await sleep(BACK_OFF_MS);
    else await nextTurn();
  }
}
