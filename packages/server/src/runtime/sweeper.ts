/**
 * The sweeper: every KINDLING_SWEEP_MS, the users of each account (in each of its namespaces: its
 * own and every tenant's, spaces.ts) whose streak needed a freeze or was lost are settled
 * (engine.settleDue), so that the dashboard counts losses and freezes used on the day they happened, also for users who never come back. Every process sweeps; a user settled by
 * one is found settled by the others, who write nothing (settling is idempotent and each write is
 * checked against the version it read), so no loss is counted twice and none is lost with a process.
 * Each namespace's idempotency records past their retention are removed on the way (forget-idempotency.ts).
 */
import type { Control } from '../control/control.js';
import type { Account } from '../control/types.js';
import type { Engines } from './engines.js';
import type { IdempotencyForgetter } from './forget-idempotency.js';
import { Periodic } from './periodic.js';
import { type Space, spacesOf } from './spaces.js';

/** Users settled per namespace and round at most, and rounds per namespace and sweep. */
const BATCH = 500;
const MAX_ROUNDS = 20;

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
    /** namespaces still holding due users when the sweep left them (its rounds ran out) */
    behind: number;
    seconds: number;
    /** how late it started against its schedule (periodic.ts) */
    lateSeconds: number;
  }): void;
}

export class Sweeper {
  private readonly periodic = new Periodic(() => this.sweep());

  constructor(
    private readonly control: Control,
    private readonly engines: Engines,
    private readonly clock: () => number,
    private readonly warn: (error: unknown, message: string) => void,
    private readonly watch: SweepWatch | null = null,
    /** removes each namespace's idempotency records past their retention (forget-idempotency.ts) */
    private readonly forgetter: IdempotencyForgetter | null = null,
  ) {}

  /** Sweeps every `everyMs` (0: never), in the background. */
  start(everyMs: number): void {
    this.periodic.start(everyMs);
  }

  /** One sweep over every account (the running one, when a sweep is under way). */
  sweepOnce(): Promise<SweepReport> {
    return this.periodic.runOnce();
  }

  /** Stops sweeping, waiting for a sweep under way. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private get stopped(): boolean {
    return this.periodic.isStopped;
  }

  private async sweep(): Promise<SweepReport> {
    const started = performance.now();
    const progress = { behind: 0, due: 0 };
    const report = await this.sweepAccounts(progress);
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

  private async sweepAccounts(progress: { behind: number; due: number }): Promise<SweepReport> {
    const report: SweepReport = { accounts: 0, users: 0, changes: 0, failures: 0 };
    let accounts: Account[];
    try {
      accounts = await this.control.accounts();
    } catch (error) {
      this.warn(error, 'sweep: the control plane did not answer; the next sweep tries again');
      return { ...report, failures: 1 };
    }
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
        try {
          const runtime = await this.engines.runtimeFor(space);
          await this.forgetter?.forgetIn(space.store, runtime.engine.store);
          if (runtime.config.streak === null) break;
          swept = true;
          let more = false;
          for (let round = 0; round < MAX_ROUNDS && !this.stopped; round++) {
            const done = await runtime.engine.settleDue({ at: this.clock(), limit: BATCH });
            progress.due += done.due;
            report.users += done.users;
            report.changes += done.changes;
            more = done.more && done.users > 0;
            if (!more) break;
          }
          if (more) progress.behind++;
        } catch (error) {
          report.failures++;
          this.warn(error, `sweep: namespace ${space.store} was not swept; the next sweep tries again`);
        }
      }
      if (swept) report.accounts++;
    }
    return report;
  }
}
