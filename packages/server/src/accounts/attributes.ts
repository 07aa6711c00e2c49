/**
 * What may change in an account's custom attributes, and how: declare (each `user` or `event`,
 * with a key unique among the attributes of its type, within the limit), rename (key and type
 * never change) and remove (the key is free again; one an achievement not archived filters by
 * stays, with an issue naming the achievement: a filter on a key no request may carry would
 * quietly stop completing). Each is one bulk change of the configuration (`bulk-change.ts`). The
 * caller makes the engines read the configuration again afterwards.
 */
import { keyFor } from '@kindling/core';
import { ACCOUNT_LIMITS } from '../control/limits.js';
import type { AccountConfig, AttributeDef } from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { changeConfigInBulk, eachOnce } from './bulk-change.js';
import { issue, missingIdIssue, type Issue } from './issues.js';

/** How many attributes an account may declare. */
export const MAX_ATTRIBUTES = ACCOUNT_LIMITS.attributes;

export interface NewAttribute {
  name: string;
  key: string;
  type: 'user' | 'event';
}

/** Declares the attributes: those made (in the order of the items) and the issue of each item refused. */
export async function createAttributes(
  deps: AccountDeps,
  accountId: string,
  items: readonly NewAttribute[],
): Promise<{ applied: AttributeDef[]; issues: Issue[] }> {
  const at = new Date(deps.clock()).toISOString();
  const { applied, issues } = await changeConfigInBulk<NewAttribute, AttributeDef>(
    deps.control,
    accountId,
    items,
    (config, item, index) => {
      const existing = config.attributes ?? [];
      const name = item.name.trim();
      const key = keyFor({ name, key: item.key });
      if ('problem' in key) return { refuse: issue({ index }, key.problem) };
      if (name === '') return { refuse: issue({ index }, 'Name must not be blank') };
      if (existing.some((def) => def.type === item.type && def.key === item.key))
        return { refuse: issue({ index }, 'Key already in use by another attribute of this type') };
      if (existing.length >= MAX_ATTRIBUTES)
        return { refuse: issue({ index }, `An account may declare at most ${MAX_ATTRIBUTES} attributes`) };
      const made: AttributeDef = { id: newId(), key: item.key, name, type: item.type, created: at };
      return { accept: made, config: { ...config, attributes: [...existing, made] } };
    },
  );
  return { applied, issues };
}

/** Renames the attributes by id: each renamed once in the answer (where first named, as it ends), and the issues. */
export async function renameAttributes(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  items: readonly { id: string; name: string }[],
): Promise<{ applied: AttributeDef[]; issues: Issue[] }> {
  const outcome = await changeConfigInBulk<{ id: string; name: string }, string>(
    deps.control,
    accountId,
    items,
    (config, item) => {
      const attributes = config.attributes ?? [];
      const found = attributes.find((def) => def.id === item.id);
      const name = item.name.trim();
      if (found === undefined) return { refuse: issue({ id: item.id }, 'Attribute not found by ID') };
      if (name === '') return { refuse: issue({ id: item.id }, 'Name must not be blank') };
      const renamed = attributes.map((def) => (def.id === item.id ? { ...def, name } : def));
      return { accept: item.id, config: { ...config, attributes: renamed } };
    },
  );
  const applied = eachOnce(outcome.applied, outcome.config.attributes ?? []);
  return { applied, issues: outcome.issues };
}

/**
 * Removes the attributes with these ids: the ids removed (in the order given), and the issues: those
 * of attributes an achievement filters by first, then the ids that name none (each in the order given).
 */
export async function removeAttributes(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  ids: readonly string[],
): Promise<{ applied: Array<{ id: string }>; issues: Issue[] }> {
  const outcome = await changeConfigInBulk<string, { id: string }>(deps.control, accountId, ids, (config, id) => {
    const attributes = config.attributes ?? [];
    const attribute = attributes.find((a) => a.id === id);
    if (attribute === undefined) return { refuse: missingIdIssue(id, 'Attribute') };
    const user = filtersInUse(config).get(`${attribute.type}:${attribute.key}`);
    if (user !== undefined)
      return {
        refuse: issue(
          { id },
          `Attribute ${JSON.stringify(attribute.key)} filters the achievement ${JSON.stringify(user)}; remove the filter first`,
        ),
      };
    return { accept: { id }, config: { ...config, attributes: attributes.filter((a) => a.id !== id) } };
  });
  const kept = new Set((outcome.config.attributes ?? []).map((a) => a.id));
  const held = outcome.issues.filter((i) => i.id !== undefined && kept.has(i.id));
  const missing = outcome.issues.filter((i) => i.id === undefined || !kept.has(i.id));
  return { applied: outcome.applied, issues: [...held, ...missing] };
}

/** `type:key` of every attribute an achievement (not archived) filters by → the first such achievement's key. */
function filtersInUse(config: AccountConfig): Map<string, string> {
  const used = new Map<string, string>();
  for (const achievement of config.achievements) {
    if (achievement.status === 'archived') continue;
    for (const { key } of achievement.userAttributes ?? [])
      if (!used.has(`user:${key}`)) used.set(`user:${key}`, achievement.key);
    for (const { key } of achievement.eventAttributes ?? [])
      if (!used.has(`event:${key}`)) used.set(`event:${key}`, achievement.key);
  }
  return used;
}
