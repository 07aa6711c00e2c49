import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { boostStatus, createPointsBoosts, deletePointsBoosts, updatePointsBoosts } from './points-boosts.js';
import { createPointsSystems } from './points-systems.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
const deps = () => ({ control: t.control, clock: () => at });
const asked: string[] = [];
const users = {
  tenantId: 'tenant-1',
  exists: async (id: string) => {
    asked.push(id);
    return id === 'ada';
  },
};
let systemId = '';

beforeEach(async () => {
  asked.length = 0;
  t = await openTestControl(at);
  const made = await createPointsSystems(deps(), t.accountId, [{ name: 'XP', key: 'xp' }], users);
  systemId = made.applied[0]?.system.id ?? '';
});
afterEach(() => t.close());

describe('createPointsBoosts', () => {
  it('creates a boost of all users rounding down, and one of a user of the namespace', async () => {
    const { applied, issues } = await createPointsBoosts(
      deps(),
      t.accountId,
      systemId,
      [
        { name: 'Double week', start: '2026-03-02', end: '2026-03-08', multiplier: 2 },
        { name: 'Ada', start: '2026-03-01', multiplier: 1.5, rounding: 'nearest', userId: 'ada' },
      ],
      users,
    );
    expect(issues).toEqual([]);
    expect(applied.map(({ id: _id, created: _c, updated: _u, ...b }) => b)).toEqual([
      {
        name: 'Double week',
        start: '2026-03-02',
        end: '2026-03-08',
        multiplier: 2,
        rounding: 'down',
        userId: null,
        tenantId: null,
        userAttributes: [],
      },
      {
        name: 'Ada',
        start: '2026-03-01',
        end: null,
        multiplier: 1.5,
        rounding: 'nearest',
        userId: 'ada',
        tenantId: 'tenant-1',
        userAttributes: [],
      },
    ]);
    expect(asked).toEqual(['ada']);
  });

  it('refuses a multiplier of 1, 0 or 100, an end before the start, a date that is none, both a user and filters, an unknown user', async () => {
    const base = { name: 'B', start: '2026-03-02' };
    const { applied, issues } = await createPointsBoosts(
      deps(),
      t.accountId,
      systemId,
      [
        { ...base, multiplier: 1 },
        { ...base, multiplier: 0 },
        { ...base, multiplier: 100 },
        { ...base, multiplier: 2, end: '2026-03-01' },
        { ...base, multiplier: 2, start: '2026-02-30' },
        { ...base, multiplier: 2, userId: 'ada', userAttributes: [] },
        { ...base, multiplier: 2, userId: 'nobody' },
        { ...base, name: 'x'.repeat(256), multiplier: 2 },
      ],
      users,
    );
    expect(applied).toEqual([]);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [0, 'multiplier must be above 0 and below 100, and not 1'],
      [1, 'multiplier must be above 0 and below 100, and not 1'],
      [2, 'multiplier must be above 0 and below 100, and not 1'],
      [3, 'end must not be before start'],
      [4, 'start must be a date, YYYY-MM-DD'],
      [5, 'userId and userAttributes cannot both be given: a boost is of one user or of users by their attributes'],
      [6, 'User does not exist'],
      [7, 'name is at most 255 characters'],
    ]);
  });

  it("makes at most 1,000 boosts a system and 5,000 in the account's systems, the rest issues", async () => {
    const boosts = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `B${i}`, start: '2026-03-02', multiplier: 2 }));
    await createPointsBoosts(deps(), t.accountId, systemId, boosts(999), users);
    const full = await createPointsBoosts(deps(), t.accountId, systemId, boosts(2), users);
    expect(full.applied).toHaveLength(1);
    expect(full.issues.map((i) => [i.index, i.message])).toEqual([[1, 'A points system may have at most 1000 boosts']]);
    const others = await createPointsSystems(
      deps(),
      t.accountId,
      ['a', 'b', 'c', 'd', 'e'].map((key) => ({ name: key, key })),
      users,
    );
    const [a, b, c, d, e] = others.applied.map((made) => made.system.id) as [string, string, string, string, string];
    for (const id of [a, b, c]) await createPointsBoosts(deps(), t.accountId, id, boosts(1000), users);
    await createPointsBoosts(deps(), t.accountId, d, boosts(999), users);
    const last = await createPointsBoosts(deps(), t.accountId, e, boosts(2), users);
    expect(last.applied).toHaveLength(1);
    expect(last.issues.map((i) => [i.index, i.message])).toEqual([
      [1, 'An account may have at most 5000 points boosts'],
    ]);
  });
});

describe('boostStatus', () => {
  it('is active from 10:00 UTC the day before its start to 12:00 UTC the day after its end (S35)', () => {
    const boost = { start: '2026-03-02', end: '2026-03-04' };
    expect(boostStatus(boost, Date.parse('2026-03-01T09:59:59Z'))).toBe('scheduled');
    expect(boostStatus(boost, Date.parse('2026-03-01T10:00:00Z'))).toBe('active');
    expect(boostStatus(boost, Date.parse('2026-03-05T11:59:59Z'))).toBe('active');
    expect(boostStatus(boost, Date.parse('2026-03-05T12:00:00Z'))).toBe('finished');
    expect(boostStatus({ start: '2026-03-02', end: null }, Date.parse('2099-01-01T00:00:00Z'))).toBe('active');
  });
});

describe('updatePointsBoosts and deletePointsBoosts', () => {
  it('refuse filters on a boost of one user and an end moved before the start; remove a boost', async () => {
    const { applied } = await createPointsBoosts(
      deps(),
      t.accountId,
      systemId,
      [{ name: 'Ada', start: '2026-03-02', multiplier: 2, userId: 'ada' }],
      users,
    );
    const id = applied[0]?.id ?? '';
    const { applied: changed, issues } = await updatePointsBoosts(deps(), t.accountId, systemId, [
      { id, userAttributes: [] },
      { id, end: '2026-03-01' },
      { id, multiplier: 3, end: '2026-03-09' },
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      'userAttributes cannot be set on a boost of one user',
      'end must not be before start',
    ]);
    expect(changed).toEqual([expect.objectContaining({ id, multiplier: 3, end: '2026-03-09' })]);
    expect(await deletePointsBoosts(deps(), t.accountId, systemId, [id])).toMatchObject({
      applied: [{ id }],
      issues: [],
    });
  });
});
