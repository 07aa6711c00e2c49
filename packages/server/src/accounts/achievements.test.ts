import { memoryStore } from '@kindling/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { archiveAchievements, createAchievements, updateAchievements } from './achievements.js';
import { createMetrics } from './metrics.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
  await createMetrics(deps(), t.accountId, [{ name: 'Lessons' }]);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });
const store = memoryStore();
const stores = { storeFor: () => store };
const statuses = async () => (await t.control.config(t.accountId)).achievements.map((a) => `${a.key}:${a.status}`);

describe('createAchievements', () => {
  it('creates achievements, a composite of those made earlier in the items too, and says why each refused one was refused', async () => {
    const { applied, issues, before, saved } = await createAchievements(deps(), stores, t.accountId, [
      { name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 },
      { name: 'Both', trigger: 'achievement', prerequisites: ['ten'] },
      { name: 'Nowhere', trigger: 'metric', metric: 'pages', threshold: 1 },
      { name: 'Week', trigger: 'streak', streakLength: 7 },
      { name: 'Ten', trigger: 'api' },
      { name: 'Odd', trigger: 'api', prerequisites: ['ten'] },
    ]);
    expect(applied.map((a) => [a.key, a.trigger, a.status, a.created])).toEqual([
      ['ten', 'metric', 'active', '2026-03-02T10:00:00.000Z'],
      ['both', 'achievement', 'active', '2026-03-02T10:00:00.000Z'],
    ]);
    expect(issues).toEqual([
      { index: 2, severity: 'error', message: 'No metric has the key "pages"' },
      { index: 3, severity: 'error', message: 'Configure the streak rule before creating streak achievements' },
      { index: 4, severity: 'error', message: 'Key already in use by another achievement' },
      {
        index: 5,
        severity: 'error',
        message: 'prerequisites are for composite achievements (trigger achievement) only',
      },
    ]);
    expect(before.achievements).toEqual([]);
    expect(saved.achievements.map((a) => a.key)).toEqual(['ten', 'both']);
  });

  it('decides again against a rival that took the key, without doubling the issue', async () => {
    const reads = t.configReads();
    t.raceOnce((config) => ({
      ...config,
      achievements: [
        {
          id: 'r',
          key: 'ten',
          name: 'Theirs',
          trigger: 'api',
          metric: null,
          threshold: null,
          streakLength: null,
          status: 'active',
          created: 'x',
        },
      ],
    }));
    const { applied, issues, before } = await createAchievements(deps(), stores, t.accountId, [
      { name: 'Ten', trigger: 'api' },
    ]);
    expect(t.configReads() - reads).toBe(2);
    expect(applied).toEqual([]);
    expect(issues).toEqual([{ index: 0, severity: 'error', message: 'Key already in use by another achievement' }]);
    expect(before.achievements.map((a) => a.name)).toEqual(['Theirs']);
  });
});

describe('updateAchievements and archiveAchievements', () => {
  it('changes by id within the allowed moves, and keeps a prerequisite of a composite that stays', async () => {
    const made = await createAchievements(deps(), stores, t.accountId, [
      { name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 },
      { name: 'Both', trigger: 'achievement', prerequisites: ['ten'] },
      { name: 'Free', trigger: 'api', status: 'inactive' },
    ]);
    const [ten, both, free] = made.applied.map((a) => a.id);
    const updated = await updateAchievements(deps(), stores, t.accountId, [
      { id: ten ?? '', threshold: 5 },
      { id: free ?? '', status: 'locked' },
      { id: both ?? '', threshold: 3 },
      { id: ten ?? '', name: 'Five' },
      { id: 'gone', name: 'X' },
    ]);
    expect(updated.applied).toEqual([ten]);
    expect(updated.issues.map((i) => [i.id, i.message])).toEqual([
      [free, expect.stringContaining('inactive')],
      [both, 'threshold applies to metric achievements only'],
      ['gone', 'Achievement not found by ID'],
    ]);
    const archived = await archiveAchievements(deps(), t.accountId, ['not-a-uuid', free ?? '', ten ?? '']);
    expect(archived.applied).toEqual([{ id: free }]);
    expect(archived.issues.map((i) => [i.id, i.message])).toEqual([
      [ten, 'The achievement is a prerequisite of "both"'],
      ['not-a-uuid', 'id must be a valid UUID'],
    ]);
    expect(await statuses()).toEqual(['ten:active', 'both:active', 'free:archived']);
    const together = await archiveAchievements(deps(), t.accountId, [ten ?? '', both ?? '']);
    expect(together).toEqual({ applied: [{ id: ten }, { id: both }], issues: [] });
  });
});
