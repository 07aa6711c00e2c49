/**
 * One engine per namespace of an account (its own, and one per tenant: spaces.ts), made from the
 * account's configuration on the namespace's store and kept while the configuration stays the
 * same. The configuration and webhooks are read once per account (not per namespace) and shared by
 * all its namespaces' runtimes, each made lazily, without I/O, the first time it is asked for.
 * Another process's change is seen within `cacheMs` (while the control plane answers: a
 * configuration due for a re-read is kept while the re-read fails or is slow, read-or-keep.ts);
 * this process's at once (`invalidate`, one mark on the account). An engine costs about 9 KB and
 * half a millisecond to make: a namespace's runtime not asked for in IDLE_RUNTIME_MS is dropped
 * (made again, without I/O, when asked for; the idle ones are looked for once a minute), and at
 * most `maxRuntimes` are kept (the one used longest ago dropped first). So the namespaces kept are those in use, and a loop over all of an
 * account's namespaces (up to 10,000 tenants) does not make its engines again on every pass.
 */
import { LRUCache } from 'lru-cache';
import { createEngine, type AchievementInput, type Engine, type StreakRuleInput } from '@kindling/core';
import type {
  AccountConfig,
  AchievementDef,
  MetricDef,
  LeaderboardDef,
  PointsSystemDef,
  RuleConfig,
} from '../control/types.js';
import type { WebhookEndpoint } from '../control/webhook-endpoint.js';
import type { Backend } from '../backend/backend.js';
import { declaredAttributes, type DeclaredAttributes } from './attributes.js';
import { readOrKeep } from '../backend/read-or-keep.js';
import { accountSpace, type Space } from '../backend/spaces.js';
import { newId } from '../random-ids.js';
import { leaderboardsRulesOf } from './leaderboard-rules.js';
import { pointsRulesOf } from './points-rules.js';
import { RULE_KEY } from './rule-key.js';

export { RULE_KEY } from './rule-key.js';

export interface AccountRuntime {
  readonly accountId: string;
  /** whose users the engine reads and writes: the account's own or one tenant's */
  readonly space: Space;
  readonly config: AccountConfig;
  readonly engine: Engine;
  readonly metricsByKey: ReadonlyMap<string, MetricDef>;
  readonly achievementsByKey: ReadonlyMap<string, AchievementDef>;
  /** the points systems not archived, by key */
  readonly pointsByKey: ReadonlyMap<string, PointsSystemDef>;
  /** the leaderboards, by key */
  readonly leaderboardsByKey: ReadonlyMap<string, LeaderboardDef>;
  /** the custom attributes declared, by type: what users and events may carry */
  readonly attributes: DeclaredAttributes;
  /** the account's webhook endpoints; while one is on, every change goes to the store's outbox */
  readonly webhooks: readonly WebhookEndpoint[];
}

export function ruleInput(rule: RuleConfig): StreakRuleInput {
  return {
    key: RULE_KEY,
    frequency: rule.frequency,
    weekStart: rule.weekStart,
    dayStartsAt: rule.dayStartsAt,
    defaultTimeZone: rule.defaultTimeZone,
    mode: rule.mode,
    conditions: rule.conditions.map((c) => ({ metric: c.metric, threshold: c.threshold })),
    ...(rule.freezes !== null
      ? {
          freezes: {
            initial: rule.freezes.initial,
            max: rule.freezes.max,
            ...(rule.freezes.earn !== null ? { earn: rule.freezes.earn } : {}),
          },
        }
      : {}),
    restoreWindow: rule.restoreWindow,
    ...(rule.remindBefore != null ? { remindBefore: rule.remindBefore } : {}),
    ...(rule.personalization != null
      ? {
          personalization: {
            mode: rule.personalization.mode,
            ...(rule.personalization.thresholds !== null ? { thresholds: rule.personalization.thresholds } : {}),
          },
        }
      : {}),
  };
}

/**
 * The engine's achievements: every one not archived, with its status (S22). A streak achievement
 * needs the streak rule, and a composite all its prerequisites: one left out leaves out the
 * composites that list it, so that a configuration the routes never make cannot stop the account.
 */
export function achievementInputs(defs: readonly AchievementDef[], hasRule: boolean): AchievementInput[] {
  const inputs: AchievementInput[] = [];
  for (const def of defs) {
    if (def.status === 'archived') continue;
    const common = {
      key: def.key,
      name: def.name,
      status: def.status,
      badgeUrl: def.badgeUrl ?? null,
      ...(def.userAttributes !== undefined && def.userAttributes.length > 0
        ? { userAttributes: def.userAttributes }
        : {}),
    };
    if (def.trigger === 'metric')
      inputs.push({
        ...common,
        trigger: 'metric',
        metric: def.metric as string,
        threshold: def.threshold as number,
        ...(def.eventAttributes !== undefined && def.eventAttributes.length > 0
          ? { eventAttributes: def.eventAttributes }
          : {}),
      });
    else if (def.trigger === 'streak') {
      if (hasRule) inputs.push({ ...common, trigger: 'streak', length: def.streakLength as number, streak: RULE_KEY });
    } else if (def.trigger === 'achievement')
      inputs.push({ ...common, trigger: 'achievement', prerequisites: [...(def.prerequisites ?? [])] });
    else inputs.push({ ...common, trigger: 'api' });
  }
  const kept = new Set(inputs.map((input) => input.key));
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const input of inputs)
      if (kept.has(input.key) && input.trigger === 'achievement' && input.prerequisites.some((key) => !kept.has(key))) {
        kept.delete(input.key);
        dropped = true;
      }
  }
  return inputs.filter((input) => kept.has(input.key));
}

/** How `engineFor` makes an engine besides its configuration and store. */
export interface EngineSettings {
  readonly clock?: () => number;
  /** its writes carry the news of their changes for the webhook relay */
  readonly outbox?: boolean;
  /** how long its idempotency keys answer (KINDLING_IDEMPOTENCY_HOURS; the core's default without it) */
  readonly idempotencyRetentionMs?: number;
  /** the namespace's tenant, whose users' own boosts count (null or absent: the account's own namespace) */
  readonly tenantId?: string | null;
}

/** An engine for a configuration (throws the core's ConfigError when the configuration is invalid). */
export function engineFor(config: AccountConfig, store: Engine['store'], settings: EngineSettings = {}): Engine {
  const { clock, idempotencyRetentionMs } = settings;
  return createEngine({
    store,
    outbox: settings.outbox === true,
    ...(idempotencyRetentionMs !== undefined ? { idempotencyRetentionMs } : {}),
    ...(clock !== undefined ? { clock } : {}),
    streaks: config.streak !== null ? [ruleInput(config.streak)] : [],
    achievements: achievementInputs(config.achievements, config.streak !== null),
    metrics: config.metrics.map((m) => m.key),
    points: pointsRulesOf(config, settings.tenantId ?? null),
    leaderboards: leaderboardsRulesOf(config),
    newId,
  });
}

/** Whether the runtime's engine writes outbox entries. */
function outboxOn(runtime: AccountRuntime): boolean {
  return runtime.webhooks.some((endpoint) => endpoint.enabled);
}

/** What an account's namespaces share: its configuration and webhooks as last read, and when. */
interface AccountEntry {
  readonly config: AccountConfig;
  readonly webhooks: readonly WebhookEndpoint[];
  /** whether an endpoint is on: the engines write the outbox */
  readonly outbox: boolean;
  checkedAt: number;
  /** the last re-read failed: requests take what is kept at once until one succeeds */
  failed: boolean;
  /** changed in this process (`invalidate`): requests wait for the re-read */
  stale: boolean;
}

/** How many namespaces' runtimes a process keeps at most by default (above one account's 10,000 tenants): past it, the one used longest ago is dropped. */
export const MAX_RUNTIMES = 16_384;
/** A namespace's runtime not asked for this long is dropped. */
export const IDLE_RUNTIME_MS = 600_000;

export class Engines {
  /** each account's configuration and webhooks, read once for all its namespaces */
  private readonly accounts = new Map<string, AccountEntry>();
  private readonly loading = new Map<string, Promise<AccountEntry>>();
  /**
   * each namespace's runtime by store name, with when it was last asked for, least recently used
   * first (so also in the order of `usedAt`): lru-cache, where a Map whose first key was dropped
   * walked past every key deleted since V8 last rebuilt it, and dropped the namespace kept longest
   * even while it was in use
   */
  private readonly runtimes: LRUCache<string, { runtime: AccountRuntime; usedAt: number }>;
  /** when the idle runtimes were last dropped */
  private droppedAt: number;
  /** how many times each account was invalidated: a re-read begun before does not replace what a newer one read */
  private readonly changes = new Map<string, number>();

  constructor(
    private readonly backend: Backend,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
    /** how long idempotency keys answer (settings.idempotencyHours); the core's default when absent */
    private readonly idempotencyRetentionMs?: number,
    maxRuntimes: number = MAX_RUNTIMES,
  ) {
    this.droppedAt = clock();
    this.runtimes = new LRUCache({ max: maxRuntimes });
  }

  /** The runtime of a namespace (an account id: the account's own), its account's configuration re-read from the control plane when older than cacheMs. */
  async runtimeFor(where: string | Space): Promise<AccountRuntime> {
    const space = typeof where === 'string' ? accountSpace(where) : where;
    const fresh = this.peekRuntime(space);
    if (fresh !== undefined) return fresh;
    const { accountId } = space;
    const cached = this.accounts.get(accountId);
    const kept = cached === undefined || cached.stale ? undefined : cached;
    let pending = this.loading.get(accountId);
    if (pending !== undefined && kept !== undefined) return this.runtimeOf(space, kept);
    if (pending === undefined) {
      const loaded = this.load(accountId, cached).finally(() => {
        if (this.loading.get(accountId) === loaded) this.loading.delete(accountId);
      });
      pending = loaded;
      // Nobody may wait for a re-read (see below): its failure is told by the `failed` mark.
      pending.catch(() => {});
      this.loading.set(accountId, pending);
    }
    const reading = pending.then((entry) => this.runtimeOf(space, entry));
    if (kept === undefined) return reading;
    reading.catch(() => {});
    return kept.failed ? this.runtimeOf(space, kept) : readOrKeep(reading, this.runtimeOf(space, kept));
  }

  /**
   * The namespace's runtime when its account's configuration is fresh (what `runtimeFor` would
   * answer at once), else undefined; made here, without I/O, if the namespace has none yet. `now`:
   * the request's instant, if read already.
   */
  peekRuntime(where: Space, now: number = this.clock()): AccountRuntime | undefined {
    const entry = this.accounts.get(where.accountId);
    return entry !== undefined && !entry.stale && now - entry.checkedAt < this.cacheMs
      ? this.runtimeOf(where, entry)
      : undefined;
  }

  /** Makes the next request of every namespace of the account read the configuration again: one mark, whatever its namespaces. */
  invalidate(accountId: string): void {
    const entry = this.accounts.get(accountId);
    if (entry !== undefined) entry.stale = true;
    this.changes.set(accountId, (this.changes.get(accountId) ?? 0) + 1);
    // a re-read begun before the change may answer what it replaced
    this.loading.delete(accountId);
  }

  /** The namespace's runtime under the account's entry: the one kept while the configuration version and the outbox hold. */
  private runtimeOf(space: Space, entry: AccountEntry): AccountRuntime {
    const now = this.clock();
    const kept = this.runtimes.get(space.store);
    let runtime = kept?.runtime;
    if (
      runtime === undefined ||
      runtime.config.version !== entry.config.version ||
      outboxOn(runtime) !== entry.outbox
    ) {
      const { config } = entry;
      runtime = {
        accountId: space.accountId,
        space,
        config,
        engine: engineFor(config, this.backend.storeFor(space.store), {
          clock: this.clock,
          outbox: entry.outbox,
          ...(this.idempotencyRetentionMs !== undefined ? { idempotencyRetentionMs: this.idempotencyRetentionMs } : {}),
          tenantId: space.tenantId,
        }),
        metricsByKey: new Map(config.metrics.map((m) => [m.key, m])),
        achievementsByKey: new Map(config.achievements.map((a) => [a.key, a])),
        pointsByKey: new Map((config.points ?? []).filter((p) => p.status === 'active').map((p) => [p.key, p])),
        leaderboardsByKey: new Map((config.leaderboards ?? []).map((b) => [b.key, b])),
        attributes: declaredAttributes(config.attributes),
        webhooks: entry.webhooks,
      };
    } else if (runtime.webhooks !== entry.webhooks) runtime = { ...runtime, webhooks: entry.webhooks };
    if (kept !== undefined) {
      kept.runtime = runtime;
      kept.usedAt = now;
    } else {
      // past the bound, the one used longest ago goes
      this.runtimes.set(space.store, { runtime, usedAt: now });
    }
    this.dropIdle(now);
    return runtime;
  }

  /** Drops the runtimes not used in IDLE_RUNTIME_MS: one walk every tenth of that, so a call costs O(1) on average. */
  private dropIdle(now: number): void {
    if (now - this.droppedAt < IDLE_RUNTIME_MS / 10) return;
    this.droppedAt = now;
    // least recently used first: the idle ones are those before the first that is not
    const idle: string[] = [];
    for (const store of this.runtimes.rkeys()) {
      const kept = this.runtimes.peek(store);
      if (kept !== undefined && now - kept.usedAt < IDLE_RUNTIME_MS) break;
      idle.push(store);
    }
    for (const store of idle) this.runtimes.delete(store);
  }

  private async load(accountId: string, previous: AccountEntry | undefined): Promise<AccountEntry> {
    const change = this.changes.get(accountId);
    let config: AccountConfig;
    let webhooks: readonly WebhookEndpoint[];
    try {
      [config, webhooks] = await Promise.all([
        this.backend.control.config(accountId),
        this.backend.control.webhooks(accountId),
      ]);
    } catch (error) {
      const entry = this.accounts.get(accountId);
      if (entry !== undefined) entry.failed = true;
      throw error;
    }
    // what did not change stays the same object, so that every namespace keeps its runtime
    if (previous !== undefined) {
      if (previous.config.version === config.version) config = previous.config;
      if (JSON.stringify(previous.webhooks) === JSON.stringify(webhooks)) webhooks = previous.webhooks;
    }
    const entry: AccountEntry = {
      config,
      webhooks,
      outbox: webhooks.some((endpoint) => endpoint.enabled),
      checkedAt: this.clock(),
      failed: false,
      stale: false,
    };
    if (this.changes.get(accountId) === change) this.accounts.set(accountId, entry);
    return entry;
  }
}
