/**
 * Rebuilding every user of an account after its streak rule changed, in the background, with its
 * progress kept in the control plane so that any process (and the dashboard) can read it. A user
 * reached by an event before the rebuild gets there is rebuilt by the engine on the spot.
 */
import type { Control } from '../control/control.js';
import type { Rebuild } from '../control/types.js';
import type { Engines } from './engines.js';
import { rebuildAccount } from './rebuild-account.js';

export class Rebuilds {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly control: Control,
    private readonly engines: Engines,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts (or queues after the running one) a rebuild of the account under its current configuration. */
  start(accountId: string, version: number): Rebuild {
    const startedAt = new Date(this.clock()).toISOString();
    const first: Rebuild = { status: 'running', done: 0, total: 0, startedAt, finishedAt: null, error: null, version };
    const previous = this.running.get(accountId) ?? Promise.resolve();
    const run = previous.then(() => this.run(accountId));
    const tracked = run.finally(() => {
      if (this.running.get(accountId) === tracked) this.running.delete(accountId);
    });
    this.running.set(accountId, tracked);
    return first;
  }

  /** Waits for the account's rebuilds (for shutdown and tests). */
  async settle(accountId?: string): Promise<void> {
    const runs = accountId === undefined ? [...this.running.values()] : [this.running.get(accountId) ?? Promise.resolve()];
    await Promise.all(runs);
  }

  private async run(accountId: string): Promise<void> {
    this.engines.invalidate(accountId);
    const runtime = await this.engines.runtimeFor(accountId);
    await rebuildAccount(this.control, accountId, runtime.engine, runtime.config.version, { clock: this.clock });
  }
}
