/**
 * Rebuilding every user of an account after its streak rule changed, in the background, with its
 * progress kept in the control plane so that any process (and the dashboard) can read it. A user
 * reached by an event before the rebuild gets there is rebuilt by the engine on the spot.
 */
import type { Control } from '../control/control.js';
import type { Rebuild } from '../control/types.js';
import type { Engines } from './engines.js';

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
    const run = previous.then(() => this.run(accountId, first));
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

  private async run(accountId: string, first: Rebuild): Promise<void> {
    this.engines.invalidate(accountId);
    const runtime = await this.engines.runtimeFor(accountId);
    let state = { ...first, version: runtime.config.version };
    await this.control.setRebuild(accountId, state);
    let savedAt = this.clock();
    let saving: Promise<void> = Promise.resolve();
    try {
      const { users } = await runtime.engine.rebuildAll({
        onProgress: ({ done, total }) => {
          state = { ...state, done, total };
          if (this.clock() - savedAt >= 250) {
            savedAt = this.clock();
            const snapshot = state;
            saving = saving.then(() => this.control.setRebuild(accountId, snapshot));
          }
        },
      });
      await saving;
      state = { ...state, status: 'done', done: users, total: users, finishedAt: new Date(this.clock()).toISOString() };
    } catch (error) {
      await saving.catch(() => {});
      state = { ...state, status: 'failed', error: error instanceof Error ? error.message : String(error), finishedAt: new Date(this.clock()).toISOString() };
    }
    await this.control.setRebuild(accountId, state);
  }
}
