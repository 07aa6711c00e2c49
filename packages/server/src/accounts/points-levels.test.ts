import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { createPointsLevels, deletePointsLevels, pointsLevelsOf, updatePointsLevels } from './points-levels.js';
import { createPointsSystems } from './points-systems.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
const deps = () => ({ control: t.control, clock: () => at });
let systemId = '';

beforeEach(async () => {
  t = await openTestControl(at);
  const made = await createPointsSystems(deps(), t.accountId, [{ name: 'XP', key: 'xp' }], {
    tenantId: null,
    exists: async () => false,
  });
  systemId = made.applied[0]?.system.id ?? '';
});
afterEach(() => t.close());

describe('createPointsLevels', () => {
  it('creates levels with "" for no description and null for no badge', async () => {
    const { applied, issues } = await createPointsLevels(deps(), t.accountId, systemId, [
      { name: 'Bronze', key: 'bronze', points: 0 },
      { name: 'Silver', key: 'silver', points: 100, description: 'shiny', badge: { url: 'https://example.com/s.png' } },
    ]);
    expect(issues).toEqual([]);
    expect(applied.map(({ id: _id, created: _c, updated: _u, ...l }) => l)).toEqual([
      { key: 'bronze', name: 'Bronze', points: 0, description: '', badge: null },
      { key: 'silver', name: 'Silver', points: 100, description: 'shiny', badge: { url: 'https://example.com/s.png' } },
    ]);
  });

  it('refuses a key used twice (also within one body), a bad key, negative or fractional points, an http badge', async () => {
    await createPointsLevels(deps(), t.accountId, systemId, [{ name: 'Bronze', key: 'bronze', points: 0 }]);
    const { applied, issues } = await createPointsLevels(deps(), t.accountId, systemId, [
      { name: 'Bronze again', key: 'bronze', points: 5 },
      { name: 'Gold', key: 'gold', points: 500 },
      { name: 'Gold again', key: 'gold', points: 600 },
      { name: 'Odd', key: 'has space', points: 1 },
      { name: 'Low', key: 'low', points: -1 },
      { name: 'Half', key: 'half', points: 1.5 },
      { name: 'Plain', key: 'plain', points: 1, badge: { url: 'http://example.com/b.png' } },
    ]);
    expect(applied.map((l) => l.key)).toEqual(['gold']);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [0, 'Key already in use by another level'],
      [2, 'Key already in use by another level'],
      [3, 'Key must be 1 to 64 letters, digits, - or _'],
      [4, 'points must be an integer from 0 to 1000000000'],
      [5, 'points must be an integer from 0 to 1000000000'],
      [6, 'badge.url must be an absolute https:// URL'],
    ]);
  });

  it('makes at most 100 levels a system, the rest issues', async () => {
    const items = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `L${from + i}`, key: `l${from + i}`, points: from + i }));
    await createPointsLevels(deps(), t.accountId, systemId, items(0, 99));
    const { applied, issues } = await createPointsLevels(deps(), t.accountId, systemId, items(99, 3));
    expect(applied.map((l) => l.key)).toEqual(['l99']);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [1, 'A points system may have at most 100 levels'],
      [2, 'A points system may have at most 100 levels'],
    ]);
  });
});

describe('updatePointsLevels and deletePointsLevels', () => {
  it('change all but the key, clear a badge with null, and remove a level', async () => {
    const { applied } = await createPointsLevels(deps(), t.accountId, systemId, [
      { name: 'Bronze', key: 'bronze', points: 0, badge: { url: 'https://example.com/b.png' } },
    ]);
    const id = applied[0]?.id ?? '';
    const { applied: changed, issues } = await updatePointsLevels(deps(), t.accountId, systemId, [
      { id, name: 'Copper', points: 10, badge: null },
      { id: 'nope', name: 'X' },
    ]);
    expect(changed).toEqual([expect.objectContaining({ id, key: 'bronze', name: 'Copper', points: 10, badge: null })]);
    expect(issues).toEqual([{ id: 'nope', severity: 'error', message: 'Points level not found by ID' }]);
    const removed = await deletePointsLevels(deps(), t.accountId, systemId, [id]);
    expect(removed).toMatchObject({ applied: [{ id }], issues: [] });
    expect(await pointsLevelsOf(deps(), t.accountId, systemId)).toEqual([]);
  });
});
