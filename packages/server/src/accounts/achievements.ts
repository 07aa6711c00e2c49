/**
 * What may change in an account's achievements, and how. Create: a metric achievement needs an
 * active metric and a finite threshold above 0, a streak achievement a length >= 1 and a configured
 * streak rule, a composite (trigger achievement) the keys of achievements not archived (made
 * before, or earlier in the same items), a badge an https URL; what the engine refuses (a cycle of
 * prerequisites) is the item's issue too. Update: name, status (inactive → active ↔ locked), badge,
 * filters and what completes it, never the trigger. Archive: one a composite not archived with it
 * lists as a prerequisite stays, with an issue naming the composite. Each is one bulk change of the
 * configuration (`bulk-change.ts`) and answers the configuration before and after, from which the
 * caller starts the rebuild a change of what completes them needs (S22) and makes the engines read
 * the configuration again.
 */
import { ConfigError, type Engine } from '@kindling/core';
import { limitMessage, roomFor } from '../control/limits.js';
import type { AccountConfig, AchievementDef, AchievementStatus, AchievementTrigger } from '../control/types.js';
import { engineFor } from '../engines/engines.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import {
  badgeUrlProblem,
  eventAttributesProblem,
  prerequisitesProblem,
  refusalByKey,
  transitionProblem,
  triggerProblem,
  userAttributesProblem,
} from './achievement-checks.js';
import { changeConfigInBulk } from './bulk-change.js';
import { issue, missingIdIssue, nameAndKey, type Issue } from './issues.js';

type Filters = Array<{ key: string; value: string }>;

export interface NewAchievement {
  name: string;
  key?: string;
  trigger: AchievementTrigger;
  metric?: string;
  threshold?: number;
  streakLength?: number;
  prerequisites?: string[];
  badgeUrl?: string | null;
  userAttributes?: Filters;
  eventAttributes?: Filters;
  status?: 'active' | 'inactive';
}

export interface AchievementChange {
  id: string;
  name?: string;
  status?: 'inactive' | 'active' | 'locked';
  badgeUrl?: string | null;
  userAttributes?: Filters;
  eventAttributes?: Filters;
  threshold?: number;
  streakLength?: number;
  prerequisites?: string[];
}

export interface AchievementsChanged<Applied> {
  applied: Applied[];
  issues: Issue[];
  /** the configuration before the change and as written */
  before: AccountConfig;
  saved: AccountConfig;
}

/** What is wrong with `item` among `config`'s achievements (the account's and those made before it), or null. */
function itemProblem(item: NewAchievement, config: AccountConfig): string | null {
  if (item.trigger === 'achievement') {
    const problem = prerequisitesProblem(item.prerequisites, config.achievements);
    if (problem !== null) return problem;
  } else if (item.prerequisites !== undefined)
    return 'prerequisites are for composite achievements (trigger achievement) only';
  return (
    triggerProblem(item, config) ??
    badgeUrlProblem(item.badgeUrl) ??
    userAttributesProblem(item.userAttributes, config) ??
    eventAttributesProblem(item.eventAttributes, item.trigger, config)
  );
}

/** The engine's refusal of `tried` (its achievements) in the words of a request, or null when it takes them. */
function engineRefusal(tried: AccountConfig, store: Engine['store']): string | null {
  try {
    engineFor(tried, store);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return refusalByKey(error.message, tried);
  }
}

/** Where the account's store is, for an engine of the changed configuration to say what it refuses. */
export interface AchievementStores {
  storeFor(accountId: string): Engine['store'];
}

/** Creates the achievements: those made (in the order of the items) and the issue of each item refused. */
export async function createAchievements(
  deps: AccountDeps,
  stores: AchievementStores,
  accountId: string,
  items: readonly NewAchievement[],
): Promise<AchievementsChanged<AchievementDef>> {
  const store = stores.storeFor(accountId);
  const at = new Date(deps.clock()).toISOString();
  const outcome = await changeConfigInBulk<NewAchievement, AchievementDef>(
    deps.control,
    accountId,
    items,
    (config, item, index) => {
      const { achievements } = config;
      const named = nameAndKey(item, index, (key) => achievements.some((a) => a.key === key), 'achievement');
      if ('message' in named) return { refuse: named };
      if (!roomFor('achievements', achievements.length))
        return { refuse: issue({ index }, limitMessage('achievements')) };
      const problem = itemProblem(item, config);
      if (problem !== null) return { refuse: issue({ index }, problem) };
      const def: AchievementDef = {
        id: newId(),
        key: named.key,
        name: named.name,
        trigger: item.trigger,
        metric: item.trigger === 'metric' ? (item.metric as string) : null,
        threshold: item.trigger === 'metric' ? (item.threshold as number) : null,
        streakLength: item.trigger === 'streak' ? (item.streakLength as number) : null,
        prerequisites: item.trigger === 'achievement' ? [...(item.prerequisites as string[])] : null,
        badgeUrl: item.badgeUrl ?? null,
        ...(item.userAttributes !== undefined && item.userAttributes.length > 0
          ? { userAttributes: item.userAttributes.map(({ key, value }) => ({ key, value })) }
          : {}),
        ...(item.eventAttributes !== undefined && item.eventAttributes.length > 0
          ? { eventAttributes: item.eventAttributes.map(({ key, value }) => ({ key, value })) }
          : {}),
        status: item.status ?? 'active',
        created: at,
      };
      const tried = { ...config, achievements: [...achievements, def] };
      const refused = engineRefusal(tried, store);
      if (refused !== null) return { refuse: issue({ index }, refused) };
      return { accept: def, config: tried };
    },
  );
  return { applied: outcome.applied, issues: outcome.issues, before: outcome.before, saved: outcome.config };
}

/** `def` changed by `change`, or the problem that refuses it, under `config`. */
function applyChange(def: AchievementDef, change: AchievementChange, config: AccountConfig): AchievementDef | string {
  if (def.status === 'archived') return 'The achievement is archived';
  const next: AchievementDef = { ...def };
  if (change.name !== undefined) {
    if (change.name.trim() === '') return 'Name must not be blank';
    next.name = change.name.trim();
  }
  if (change.status !== undefined) {
    const problem = transitionProblem(def.status, change.status as AchievementStatus);
    if (problem !== null) return problem;
    next.status = change.status;
  }
  if (change.badgeUrl !== undefined) {
    const problem = badgeUrlProblem(change.badgeUrl);
    if (problem !== null) return problem;
    next.badgeUrl = change.badgeUrl;
  }
  if (change.userAttributes !== undefined) {
    const problem = userAttributesProblem(change.userAttributes, config);
    if (problem !== null) return problem;
    next.userAttributes = change.userAttributes.map(({ key, value }) => ({ key, value }));
  }
  if (change.eventAttributes !== undefined) {
    const problem = eventAttributesProblem(change.eventAttributes, def.trigger, config);
    if (problem !== null) return problem;
    next.eventAttributes = change.eventAttributes.map(({ key, value }) => ({ key, value }));
  }
  const only = (field: string, trigger: string) => `${field} applies to ${trigger} achievements only`;
  if (change.threshold !== undefined) {
    if (def.trigger !== 'metric') return only('threshold', 'metric');
    next.threshold = change.threshold;
  }
  if (change.streakLength !== undefined) {
    if (def.trigger !== 'streak') return only('streakLength', 'streak');
    next.streakLength = change.streakLength;
  }
  if (change.prerequisites !== undefined) {
    if (def.trigger !== 'achievement') return only('prerequisites', 'composite (trigger achievement)');
    const problem = prerequisitesProblem(change.prerequisites, config.achievements);
    if (problem !== null) return problem;
    next.prerequisites = [...change.prerequisites];
  }
  if (change.threshold !== undefined || change.streakLength !== undefined) {
    const problem = triggerProblem(
      {
        trigger: next.trigger,
        ...(next.metric !== null ? { metric: next.metric } : {}),
        ...(next.threshold !== null ? { threshold: next.threshold } : {}),
        ...(next.streakLength !== null ? { streakLength: next.streakLength } : {}),
      },
      config,
    );
    if (problem !== null) return problem;
  }
  return next;
}

/** Changes the achievements by id: the ids changed (each once, where first named) and the issues. */
export async function updateAchievements(
  deps: Pick<AccountDeps, 'control'>,
  stores: AchievementStores,
  accountId: string,
  items: readonly AchievementChange[],
): Promise<AchievementsChanged<string>> {
  const store = stores.storeFor(accountId);
  const outcome = await changeConfigInBulk<AchievementChange, string>(
    deps.control,
    accountId,
    items,
    (config, change) => {
      const def = config.achievements.find((a) => a.id === change.id);
      if (def === undefined) return { refuse: issue({ id: change.id }, 'Achievement not found by ID') };
      const next = applyChange(def, change, config);
      if (typeof next === 'string') return { refuse: issue({ id: change.id }, next) };
      const tried = { ...config, achievements: config.achievements.map((a) => (a === def ? next : a)) };
      const refused = engineRefusal(tried, store);
      if (refused !== null) return { refuse: issue({ id: change.id }, refused) };
      return { accept: def.id, config: tried };
    },
  );
  return {
    applied: [...new Set(outcome.applied)],
    issues: outcome.issues,
    before: outcome.before,
    saved: outcome.config,
  };
}

/**
 * Archives the achievements with these ids: the ids archived (in the order of the account's
 * achievements), and the issues: those of prerequisites of a composite first, then the ids that
 * name none (each in the order given).
 */
export async function archiveAchievements(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  const going = new Set(ids);
  const outcome = await changeConfigInBulk<string, { id: string }>(deps.control, accountId, ids, (config, id) => {
    const def = config.achievements.find((a) => a.id === id);
    if (def === undefined) return { refuse: missingIdIssue(id, 'Achievement') };
    const composite = config.achievements.find(
      (a) => a.status !== 'archived' && !going.has(a.id) && a.prerequisites?.includes(def.key),
    );
    if (composite !== undefined)
      return { refuse: issue({ id }, `The achievement is a prerequisite of ${JSON.stringify(composite.key)}`) };
    const archived = config.achievements.map((a) => (a.id === id ? { ...a, status: 'archived' as const } : a));
    return { accept: { id }, config: { ...config, achievements: archived } };
  });
  const place = new Map(outcome.config.achievements.map((a, at) => [a.id, at]));
  const held = outcome.issues.filter((i) => i.id !== undefined && place.has(i.id));
  const missing = outcome.issues.filter((i) => i.id === undefined || !place.has(i.id));
  const applied = [...outcome.applied].sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  return { applied, issues: [...held, ...missing] };
}
