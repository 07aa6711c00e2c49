/**
 * Rebuilding every user of an account after its streak rule changed, or its achievements did (a
 * backdating, backdate.ts), in the background, with its
 * progress kept in the control plane so that any process (and the dashboard) can read it. A user
 * reached by an event before the rebuild gets there is rebuilt by the engine on the spot. A rebuild
 * whose process died is taken over by the next process that looks (at start, then every LEASE_MS).
 */
import type { Control } from '../control/control.js';
import type { Rebuild } from '../control/types.js';
import type { Engines } from './engines.js';
import { isAbandoned, LEASE_MS, rebuildAccount, resumeRebuild } from './rebuild-account.js';

export class Rebuilds {
  private readonly running = new Map<string, Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly control: Control,
    private readonly engines: Engines,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts (or queues after the running one) a rebuild of the account under its current configuration. */
  start(accountId: string, version: number): Rebuild {
    const startedAt = new Date(this.clock()).toISOString();
    this.enqueue(accountId, async () => {
      const runtime = await this.freshRuntime(accountId);
      await rebuildAccount(this.control, accountId, runtime.engine, runtime.config.version, {
        clock: this.clock,
        signal: this.stopping.signal,
      });
    });
    return { status: 'running', done: 0, total: 0, startedAt, finishedAt: null, error: null, version };
  }

  /** Takes over, now and every LEASE_MS, the rebuilds that stopped with their process. */
  watch(): void {
    if (this.timer !== null) return;
    void this.resumeAbandoned();
    if (this.stopping.signal.aborted) return;
    this.timer = setInterval(() => void this.resumeAbandoned(), LEASE_MS);
    this.timer.unref();
  }

  /** Goes on with every account's rebuild whose process stopped; an account this process rebuilds is left alone. */
  async resumeAbandoned(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    try {
      for (const account of await this.control.accounts()) {
        if (this.running.has(account.id)) continue;
        const rebuild = await this.control.rebuild(account.id);
        if (!isAbandoned(rebuild, this.clock())) continue;
        this.enqueue(account.id, async () => {
          const runtime = await this.freshRuntime(account.id);
          await resumeRebuild(this.control, account.id, runtime.engine, runtime.config.version, {
            clock: this.clock,
            signal: this.stopping.signal,
          });
        });
      }
    } catch {
      // the store is away: the next look tries again
    }
  }

  /** Waits for the account's rebuilds (for shutdown and tests). */
  async settle(accountId?: string): Promise<void> {
    const runs =
      accountId === undefined ? [...this.running.values()] : [this.running.get(accountId) ?? Promise.resolve()];
    await Promise.all(runs);
  }

  /** Stops watching and stops the running rebuilds between two users, releasing them for the next process. */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.settle();
  }

  /** Runs `work` after the account's queued work, whether that succeeded or failed. */
  private enqueue(accountId: string, work: () => Promise<void>): void {
    const previous = this.running.get(accountId) ?? Promise.resolve();
    const tracked: Promise<unknown> = previous
      .then(work)
      // A failure is in the rebuild's record (or the record stays abandoned and is taken up again).
      .catch(() => {})
      .finally(() => {
        if (this.running.get(accountId) === tracked) this.running.delete(accountId);
      });
    this.running.set(accountId, tracked);
  }

  private async freshRuntime(accountId: string) {
    this.engines.invalidate(accountId);
    return this.engines.runtimeFor(accountId);
  }
}
