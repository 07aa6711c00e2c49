import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { createAttributes, removeAttributes, renameAttributes } from './attributes.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });
const declared = async () =>
  ((await t.control.config(t.accountId)).attributes ?? []).map((a) => `${a.type}:${a.key}:${a.name}`);

describe('createAttributes', () => {
  it('declares attributes with keys unique per type and refuses a taken key, a bad key or a blank name', async () => {
    const { applied, issues } = await createAttributes(deps(), t.accountId, [
      { name: ' Plan ', key: 'plan', type: 'user' },
      { name: 'Plan', key: 'plan', type: 'event' },
      { name: 'Plan again', key: 'plan', type: 'user' },
      { name: 'Bad', key: 'a b', type: 'user' },
      { name: ' ', key: 'blank', type: 'user' },
    ]);
    expect(applied.map((a) => [a.type, a.key, a.name, a.created])).toEqual([
      ['user', 'plan', 'Plan', '2026-03-02T10:00:00.000Z'],
      ['event', 'plan', 'Plan', '2026-03-02T10:00:00.000Z'],
    ]);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [2, 'Key already in use by another attribute of this type'],
      [3, 'Key must be 1 to 64 letters, digits, - or _'],
      [4, 'Name must not be blank'],
    ]);
    expect(await declared()).toEqual(['user:plan:Plan', 'event:plan:Plan']);
  });

  it('decides again against a rival that declared the same key, without doubling the issue', async () => {
    t.raceOnce((config) => ({
      ...config,
      attributes: [{ id: 'r', key: 'plan', name: 'Theirs', type: 'user', created: 'x' }],
    }));
    const { applied, issues } = await createAttributes(deps(), t.accountId, [
      { name: 'Mine', key: 'plan', type: 'user' },
    ]);
    expect(t.configReads()).toBe(2);
    expect(applied).toEqual([]);
    expect(issues).toEqual([
      { index: 0, severity: 'error', message: 'Key already in use by another attribute of this type' },
    ]);
    expect(await declared()).toEqual(['user:plan:Theirs']);
  });
});

describe('renameAttributes and removeAttributes', () => {
  it('renames by id, and keeps an attribute an achievement filters by, naming the achievement before the ids not found', async () => {
    const { applied: made } = await createAttributes(deps(), t.accountId, [
      { name: 'Plan', key: 'plan', type: 'user' },
      { name: 'Source', key: 'source', type: 'event' },
    ]);
    const [plan, source] = made.map((a) => a.id);
    const renamed = await renameAttributes(deps(), t.accountId, [
      { id: plan ?? '', name: 'Tier' },
      { id: 'gone', name: 'X' },
      { id: plan ?? '', name: ' ' },
    ]);
    expect(renamed.applied.map((a) => a.name)).toEqual(['Tier']);
    expect(renamed.issues.map((i) => [i.id, i.message])).toEqual([
      ['gone', 'Attribute not found by ID'],
      [plan, 'Name must not be blank'],
    ]);
    await t.control.changeConfig(t.accountId, (config) => ({
      ...config,
      achievements: [
        {
          id: 'ach',
          key: 'gold',
          name: 'Gold',
          status: 'active',
          created: 'x',
          userAttributes: [{ key: 'plan', value: 'gold' }],
        } as unknown as (typeof config.achievements)[number],
      ],
    }));
    const removed = await removeAttributes(deps(), t.accountId, ['not-a-uuid', plan ?? '', source ?? '']);
    expect(removed.applied).toEqual([{ id: source }]);
    expect(removed.issues.map((i) => [i.id, i.message])).toEqual([
      [plan, 'Attribute "plan" filters the achievement "gold"; remove the filter first'],
      ['not-a-uuid', 'id must be a valid UUID'],
    ]);
    expect(await declared()).toEqual(['user:plan:Tier']);
  });
});
