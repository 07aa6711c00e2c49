/**
 * One engine per namespace of an account (its own, and one per tenant: spaces.ts), made from the
 * account's configuration on the namespace's store and kept while the configuration stays the same. Another process's change is seen within `cacheMs` (while the control plane
 * answers: a configuration due for a re-read is kept while the re-read fails or is slow,
 * read-or-keep.ts); this process's at once.
 */
import { createEngine, type AchievementInput, type Engine, type StreakRuleInput } from '@kindling/core';
import type { AccountConfig, AchievementDef, MetricDef, RuleConfig } from '../control/types.js';
import type { WebhookEndpoint } from '../webhooks/endpoint.js';
import type { Backend } from './backend.js';
import { declaredAttributes, type DeclaredAttributes } from './attributes.js';
import { readOrKeep } from './read-or-keep.js';
import { accountSpace, type Space } from './spaces.js';
import { newId } from '../random-ids.js';

/** The key of the one streak rule an account has. */
export const RULE_KEY = 'default';

export interface AccountRuntime {
  readonly accountId: string;
  /** whose users the engine reads and writes: the account's own or one tenant's */
  readonly space: Space;
  readonly config: AccountConfig;
  readonly engine: Engine;
  readonly metricsByKey: ReadonlyMap<string, MetricDef>;
  readonly achievementsByKey: ReadonlyMap<string, AchievementDef>;
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

/**
 * An engine for a configuration (throws the core's ConfigError when the configuration is invalid);
 * with `outbox`, its writes carry the news of their changes for the webhook relay; its idempotency
 * keys answer for `idempotencyRetentionMs` (KINDLING_IDEMPOTENCY_HOURS; the core's default without it).
 */
export function engineFor(
  config: AccountConfig,
  store: Engine['store'],
  clock?: () => number,
  outbox = false,
  idempotencyRetentionMs?: number,
): Engine {
  return createEngine({
    store,
    outbox,
    ...(idempotencyRetentionMs !== undefined ? { idempotencyRetentionMs } : {}),
    ...(clock !== undefined ? { clock } : {}),
    streaks: config.streak !== null ? [ruleInput(config.streak)] : [],
    achievements: achievementInputs(config.achievements, config.streak !== null),
    metrics: config.metrics.map((m) => m.key),
    newId,
  });
}

/** Whether the runtime's engine writes outbox entries. */
function outboxOn(runtime: AccountRuntime): boolean {
  return runtime.webhooks.some((endpoint) => endpoint.enabled);
}

export class Engines {
  /** each namespace's runtime (by store name), when its configuration was last read, and whether the last re-read failed */
  private readonly runtimes = new Map<string, { runtime: AccountRuntime; checkedAt: number; failed: boolean }>();
  private readonly loading = new Map<string, Promise<AccountRuntime>>();

  constructor(
    private readonly backend: Backend,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
    /** how long idempotency keys answer (settings.idempotencyHours); the core's default when absent */
    private readonly idempotencyRetentionMs?: number,
  ) {}

  /** The runtime of a namespace (an account id: the account's own), re-read from the control plane when older than cacheMs. */
  async runtimeFor(where: string | Space): Promise<AccountRuntime> {
    const space = typeof where === 'string' ? accountSpace(where) : where;
    const name = space.store;
    const fresh = this.peekRuntime(space);
    if (fresh !== undefined) return fresh;
    const cached = this.runtimes.get(name);
    let pending = this.loading.get(name);
    if (pending !== undefined && cached !== undefined) return cached.runtime;
    if (pending === undefined) {
      pending = this.load(space, cached?.runtime).finally(() => this.loading.delete(name));
      // Nobody may wait for a re-read (see below): its failure is told by the `failed` mark.
      pending.catch(() => {});
      this.loading.set(name, pending);
    }
    if (cached === undefined) return pending;
    return cached.failed ? cached.runtime : readOrKeep(pending, cached.runtime);
  }

  /**
   * The namespace's runtime when a fresh one is cached (what `runtimeFor` would answer at once), else
   * undefined. `now`: the request's instant, if read already.
   */
  peekRuntime(where: Space, now: number = this.clock()): AccountRuntime | undefined {
    const cached = this.runtimes.get(where.store);
    return cached !== undefined && now - cached.checkedAt < this.cacheMs ? cached.runtime : undefined;
  }

  /** Forget the cached runtimes of every namespace of the account, so that the next request reads the configuration again. */
  invalidate(accountId: string): void {
    for (const [name, entry] of this.runtimes) if (entry.runtime.accountId === accountId) this.runtimes.delete(name);
  }

  private async load(space: Space, previous: AccountRuntime | undefined): Promise<AccountRuntime> {
    const { accountId } = space;
    let config: AccountConfig;
    let webhooks: WebhookEndpoint[];
    try {
      [config, webhooks] = await Promise.all([
        this.backend.control.config(accountId),
        this.backend.control.webhooks(accountId),
      ]);
    } catch (error) {
      const entry = this.runtimes.get(space.store);
      if (entry !== undefined) entry.failed = true;
      throw error;
    }
    let runtime = previous;
    const outbox = webhooks.some((endpoint) => endpoint.enabled);
    if (runtime === undefined || runtime.config.version !== config.version || outboxOn(runtime) !== outbox) {
      runtime = {
        accountId,
        space,
        config,
        engine: engineFor(config, this.backend.storeFor(space.store), this.clock, outbox, this.idempotencyRetentionMs),
        metricsByKey: new Map(config.metrics.map((m) => [m.key, m])),
        achievementsByKey: new Map(config.achievements.map((a) => [a.key, a])),
        attributes: declaredAttributes(config.attributes),
        webhooks,
      };
    } else if (JSON.stringify(runtime.webhooks) !== JSON.stringify(webhooks)) runtime = { ...runtime, webhooks };
    this.runtimes.set(space.store, { runtime, checkedAt: this.clock(), failed: false });
    return runtime;
  }
}
