import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { createMetrics } from './metrics.js';
import { archivePointsSystems, createPointsSystems } from './points-systems.js';
import {
  createPointsTriggers,
  deletePointsTriggers,
  pointsTriggersOf,
  updatePointsTriggers,
} from './points-triggers.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
let now = at;
const deps = () => ({ control: t.control, clock: () => now });
const noUsers = { tenantId: null, exists: async () => false };
let systemId = '';
let metricId = '';

beforeEach(async () => {
  now = at;
  t = await openTestControl(at);
  const made = await createPointsSystems(deps(), t.accountId, [{ name: 'XP', key: 'xp' }], noUsers);
  systemId = made.applied[0]?.system.id ?? '';
  const metrics = await createMetrics(deps(), t.accountId, [{ name: 'Lessons' }]);
  metricId = metrics.applied[0]?.id ?? '';
});
afterEach(() => t.close());

describe('createPointsTriggers', () => {
  it('creates a metric trigger, inactive unless asked, with no filters and not blocking', async () => {
    const { applied, issues } = await createPointsTriggers(deps(), t.accountId, systemId, [
      { type: 'metric', points: 10, metricId, metricThreshold: 3 },
      { type: 'user_creation', points: -5, status: 'active' },
    ]);
    expect(issues).toEqual([]);
    expect(applied.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        type: 'metric',
        points: 10,
        status: 'inactive',
        userAttributes: [],
        metricId,
        metricThreshold: 3,
        blockIfOutOfPoints: false,
        created: '2026-03-02T10:00:00.000Z',
        updated: '2026-03-02T10:00:00.000Z',
        activated: null,
      },
      {
        type: 'user_creation',
        points: -5,
        status: 'active',
        userAttributes: [],
        blockIfOutOfPoints: false,
        created: '2026-03-02T10:00:00.000Z',
        updated: '2026-03-02T10:00:00.000Z',
        activated: '2026-03-02T10:00:00.000Z',
      },
    ]);
    expect((await pointsTriggersOf(deps(), t.accountId, systemId)).map((x) => x.type)).toEqual([
      'metric',
      'user_creation',
    ]);
  });

  it('refuses 0, 1e308 and 2.5 points with an issue naming points, and stores none of them', async () => {
    const { applied, issues } = await createPointsTriggers(deps(), t.accountId, systemId, [
      { type: 'user_creation', points: 0 },
      { type: 'user_creation', points: 1e308 },
      { type: 'user_creation', points: 2.5 },
      { type: 'user_creation', points: Number.NaN },
    ]);
    expect(applied).toEqual([]);
    const message = 'points must be a non-zero integer from -1000000000 to 1000000000';
    expect(issues).toEqual([0, 1, 2, 3].map((index) => ({ index, severity: 'error', message })));
    expect(await pointsTriggersOf(deps(), t.accountId, systemId)).toEqual([]);
  });

  it('needs the fields of its type, refuses those of another, and an unknown or archived metric', async () => {
    const { issues } = await createPointsTriggers(deps(), t.accountId, systemId, [
      { type: 'metric', points: 1, metricId },
      { type: 'streak', points: 1, streakLength: 7, metricId },
      { type: 'metric', points: 1, metricId: '00000000-0000-4000-8000-000000000000', metricThreshold: 1 },
      { type: 'achievement', points: 1, achievementId: 'nope' },
      { type: 'time', points: 1, timeUnit: 'days', timeInterval: 0 },
      {
        type: 'metric',
        points: 1,
        metricId,
        metricThreshold: 1,
        eventAttributes: [{ attributeId: 'x', attributeValue: 'y' }],
      },
    ]);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [0, 'metricThreshold is required for a metric trigger'],
      [1, 'metricId applies to metric triggers only'],
      [2, 'metricId: no metric has the id "00000000-0000-4000-8000-000000000000"'],
      [3, 'achievementId: no achievement has the id "nope"'],
      [4, 'timeInterval must be an integer from 1 to 1000000000'],
      [5, 'eventAttributes: "x" is not the id of an event attribute'],
    ]);
  });

  it('refuses a system the account does not have with NOT_FOUND, and one archived', async () => {
    await expect(
      createPointsTriggers(deps(), t.accountId, 'nope', [{ type: 'user_creation', points: 1 }]),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await archivePointsSystems(deps(), t.accountId, [systemId]);
    await expect(
      createPointsTriggers(deps(), t.accountId, systemId, [{ type: 'user_creation', points: 1 }]),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('makes at most 100 triggers a system, the rest issues', async () => {
    const items = Array.from({ length: 100 }, () => ({ type: 'user_creation' as const, points: 1 }));
    await createPointsTriggers(deps(), t.accountId, systemId, items);
    const { applied, issues } = await createPointsTriggers(deps(), t.accountId, systemId, items.slice(0, 2));
    expect(applied).toEqual([]);
    expect(issues.map((i) => i.message)).toEqual([
      'A points system may have at most 100 triggers',
      'A points system may have at most 100 triggers',
    ]);
  });
});

describe('updatePointsTriggers', () => {
  it('changes the type of an inactive trigger (its old fields dropped) but not of an active one', async () => {
    const { applied } = await createPointsTriggers(deps(), t.accountId, systemId, [
      { type: 'metric', points: 10, metricId, metricThreshold: 3 },
      { type: 'streak', points: 5, streakLength: 7, status: 'active' },
    ]);
    const [inactive, active] = applied.map((a) => a.id) as [string, string];
    now = at + 60_000;
    const { applied: changed, issues } = await updatePointsTriggers(deps(), t.accountId, systemId, [
      { id: inactive, type: 'time', timeUnit: 'hours', timeInterval: 6 },
      { id: active, type: 'user_creation' },
      { id: active, metricId },
    ]);
    expect(issues).toEqual([
      {
        id: active,
        severity: 'error',
        message: 'type can change only while the trigger is inactive: deactivate it first',
      },
      { id: active, severity: 'error', message: 'metricId applies to metric triggers only' },
    ]);
    expect(changed).toEqual([
      expect.objectContaining({
        id: inactive,
        type: 'time',
        timeUnit: 'hours',
        timeInterval: 6,
        updated: '2026-03-02T10:01:00.000Z',
      }),
    ]);
    expect(changed[0]).not.toHaveProperty('metricId');
  });

  it('dates the activation of a trigger made active, and refuses an unknown id', async () => {
    const { applied } = await createPointsTriggers(deps(), t.accountId, systemId, [
      { type: 'user_creation', points: 3 },
    ]);
    const id = applied[0]?.id ?? '';
    now = at + 3_600_000;
    const { applied: changed, issues } = await updatePointsTriggers(deps(), t.accountId, systemId, [
      { id, status: 'active' },
      { id: 'nope', points: 2 },
    ]);
    expect(changed[0]?.activated).toBe('2026-03-02T11:00:00.000Z');
    expect(issues).toEqual([{ id: 'nope', severity: 'error', message: 'Points trigger not found by ID' }]);
  });
});

describe('deletePointsTriggers', () => {
  it('takes the trigger out of the lists, and names the ids that are none', async () => {
    const { applied } = await createPointsTriggers(deps(), t.accountId, systemId, [
      { type: 'user_creation', points: 3 },
    ]);
    const id = applied[0]?.id ?? '';
    const { applied: deleted, issues } = await deletePointsTriggers(deps(), t.accountId, systemId, [id, 'nope']);
    expect(deleted).toEqual([{ id }]);
    expect(issues).toEqual([{ id: 'nope', severity: 'error', message: 'id must be a valid UUID' }]);
    expect(await pointsTriggersOf(deps(), t.accountId, systemId)).toEqual([]);
    const again = await updatePointsTriggers(deps(), t.accountId, systemId, [{ id, points: 1 }]);
    expect(again.issues.map((i) => i.message)).toEqual(['Points trigger not found by ID']);
  });
});
