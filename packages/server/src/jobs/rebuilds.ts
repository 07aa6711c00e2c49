/**
 * Rebuilding every user of an account after its streak rule changed, or its achievements did (a
 * backdating, or the points time schedule: stale-states.ts), in each of its namespaces, one after the other: its own, then each
 * tenant's; in the background, with each namespace's progress kept in the control plane under the
 * namespace's name, so that any process (and the dashboard, with the namespace's Tenant-ID) can
 * read it. A user reached by an event before the rebuild gets there is rebuilt by the engine on
 * the spot. A rebuild whose process died is taken over by the next process that looks (at start,
 * then every LEASE_MS). A look reads only the records of the namespaces listed as rebuilding
 * (`Control.rebuildingSpaces`, one read per account): it costs what runs, not the number of
 * tenants. A process's first look reads every namespace's record once, and lists what runs, for
 * the rebuilds begun by a version that kept no list.
 */
import type { Control } from '../control/control.js';
import type { Rebuild } from '../control/types.js';
import type { Engines } from '../engines/engines.js';
import { isAbandoned, LEASE_MS, type RebuildOptions, rebuildAccount, resumeRebuild } from './rebuild-account.js';
import { type Space, spaceNamed, spacesOf } from '../backend/spaces.js';

/** One namespace's rebuild: which namespace, and how its run ended (or the error that stopped it). */
export interface SpaceRebuild {
  readonly space: Space;
  readonly rebuild: Rebuild | null;
  readonly error: unknown;
}

/**
 * Rebuilds every user of the account under its current configuration, in each of its namespaces
 * in turn (its own, then each active tenant's): what a change of the streak rule needs, wherever
 * it is made (PUT /admin/v1/streak, `kindling streak set`). A namespace whose run throws (the
 * control plane away) does not keep the next from theirs. `onSpace` is told before each starts.
 */
export async function rebuildEverySpace(
  control: Control,
  engines: Engines,
  accountId: string,
  options: RebuildOptions & { onSpace?: (space: Space) => void } = {},
): Promise<SpaceRebuild[]> {
  const { onSpace, ...rebuildOptions } = options;
  const runs: SpaceRebuild[] = [];
  for (const space of await spacesOf(control, accountId)) {
    if (options.signal?.aborted) break;
    onSpace?.(space);
    try {
      const runtime = await engines.runtimeFor(space);
      const rebuild = await rebuildAccount(
        control,
        space.store,
        runtime.engine,
        runtime.config.version,
        rebuildOptions,
      );
      runs.push({ space, rebuild, error: null });
    } catch (error) {
      runs.push({ space, rebuild: null, error });
    }
  }
  return runs;
}

export class Rebuilds {
  private readonly running = new Map<string, Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly stopping = new AbortController();
  /** whether a look read every namespace's record once (what a process's first look does) */
  private walked = false;

  constructor(
    private readonly control: Control,
    private readonly engines: Engines,
    private readonly clock: () => number = Date.now,
    /** told what ended a rebuild on damaged data */
    private readonly warn: (error: unknown, message: string) => void = () => {},
  ) {}

  /** Starts (or queues after the running one) a rebuild of the account under its current configuration. */
  start(accountId: string, version: number): Rebuild {
    const startedAt = new Date(this.clock()).toISOString();
    this.enqueue(accountId, async () => {
      this.engines.invalidate(accountId);
      // a run that threw is left as its record says (or abandoned, and taken up again)
      await rebuildEverySpace(this.control, this.engines, accountId, {
        clock: this.clock,
        signal: this.stopping.signal,
        warn: this.warn,
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
      const walk = !this.walked;
      for (const account of await this.control.accounts()) {
        if (this.running.has(account.id)) continue;
        const abandoned = walk ? await this.walkAbandoned(account.id) : await this.listedAbandoned(account.id);
        if (abandoned.length === 0) continue;
        this.enqueue(account.id, async () => {
          this.engines.invalidate(account.id);
          for (const space of abandoned) {
            if (this.stopping.signal.aborted) return;
            const runtime = await this.engines.runtimeFor(space);
            await resumeRebuild(this.control, space.store, runtime.engine, runtime.config.version, {
              clock: this.clock,
              signal: this.stopping.signal,
              warn: this.warn,
            }).catch(() => {});
          }
        });
      }
      this.walked = true;
    } catch {
      // the store is away: the next look tries again
    }
  }

  /** The abandoned rebuilds among the namespaces listed as rebuilding; a listed one not running is taken off. */
  private async listedAbandoned(accountId: string): Promise<Space[]> {
    const abandoned: Space[] = [];
    const ended: string[] = [];
    for (const store of await this.control.rebuildingSpaces(accountId)) {
      const rebuild = await this.control.rebuild(store);
      if (rebuild.status !== 'running') ended.push(store);
      else if (isAbandoned(rebuild, this.clock())) {
        const space = await spaceNamed(this.control, accountId, store);
        if (space !== null) abandoned.push(space);
      }
    }
    await this.control.forgetRebuilding(accountId, ended);
    return abandoned;
  }

  /** Every namespace's record read (a process's first look): the abandoned ones, and what runs listed. */
  private async walkAbandoned(accountId: string): Promise<Space[]> {
    const abandoned: Space[] = [];
    const listed = new Set(await this.control.rebuildingSpaces(accountId));
    for (const space of await spacesOf(this.control, accountId)) {
      const rebuild = await this.control.rebuild(space.store);
      if (rebuild.status !== 'running') continue;
      if (!listed.has(space.store)) await this.control.listRebuilding(accountId, space.store);
      if (isAbandoned(rebuild, this.clock())) abandoned.push(space);
    }
    return abandoned;
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
}
