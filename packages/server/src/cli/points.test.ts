import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAttributes } from '../accounts/attributes.js';
import { createPointsBoosts } from '../accounts/points-boosts.js';
import { createPointsLevels } from '../accounts/points-levels.js';
import { archivePointsSystems, createPointsSystems } from '../accounts/points-systems.js';
import { createPointsTriggers, deletePointsTriggers } from '../accounts/points-triggers.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

const noUsers = { tenantId: null, exists: async () => false };

/**
 * Through the admin API's rules: "xp" (bound 1000) with a metric trigger on lessons for events of
 * plan=pro, a time trigger, a deleted trigger, two levels and a boost; "gems", archived.
 */
async function seedSystems(): Promise<{ deletedTriggerId: string }> {
  const backend = d.open();
  try {
    const deps = { control: backend.control, clock: Date.now };
    const accountId = d.first.account.id;
    const config = await backend.control.config(accountId);
    const lessons = config.metrics.find((m) => m.key === 'lessons')?.id ?? '';
    const plan = (await createAttributes(deps, accountId, [{ name: 'Plan', key: 'plan', type: 'event' }])).applied[0];
    const made = await createPointsSystems(
      deps,
      accountId,
      [
        { name: 'XP', key: 'xp', maxPoints: 1000 },
        { name: 'Gems', key: 'gems' },
      ],
      noUsers,
    );
    const [xp, gems] = made.applied.map((m) => m.system.id) as [string, string];
    const triggers = await createPointsTriggers(deps, accountId, xp, [
      {
        type: 'metric',
        points: 10,
        metricId: lessons,
        metricThreshold: 3,
        eventAttributes: [{ attributeId: plan?.id ?? '', attributeValue: 'pro' }],
        status: 'active',
      },
      { type: 'time', points: 1, timeUnit: 'days', timeInterval: 7 },
      { type: 'user_creation', points: 5 },
    ]);
    const deletedTriggerId = triggers.applied[2]?.id ?? '';
    await deletePointsTriggers(deps, accountId, xp, [deletedTriggerId]);
    await createPointsLevels(deps, accountId, xp, [
      { name: 'Bronze', key: 'bronze', points: 0 },
      { name: 'Silver', key: 'silver', points: 100 },
    ]);
    await createPointsBoosts(
      deps,
      accountId,
      xp,
      [{ name: 'Double week', start: '2026-03-02', end: '2026-03-08', multiplier: 2 }],
      noUsers,
    );
    await archivePointsSystems(deps, accountId, [gems]);
    return { deletedTriggerId };
  } finally {
    await backend.close();
  }
}

describe('kindling points list', () => {
  it('lists every points system, archived ones too, with its bound and the counts of its parts (a deleted trigger not counted)', async () => {
    await seedSystems();
    const list = await d.cli(['points', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^KEY\s+NAME\s+STATUS\s+MAX POINTS\s+TRIGGERS\s+LEVELS\s+BOOSTS\s+ID/);
    expect(list.out).toMatch(/\nxp\s+XP\s+active\s+1000\s+2\s+2\s+1\s+\S+\n/);
    expect(list.out).toMatch(/\ngems\s+Gems\s+archived\s+-\s+0\s+0\s+0\s+\S+\n/);
  });

  it('prints the admin API shape of each system with the counts under --json', async () => {
    await seedSystems();
    const list = await d.cli(['points', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.out)).toEqual([
      expect.objectContaining({ key: 'xp', name: 'XP', status: 'active', maxPoints: 1000, badge: null }),
      expect.objectContaining({ key: 'gems', status: 'archived', maxPoints: null }),
    ]);
    expect(JSON.parse(list.out)[0].counts).toEqual({ triggers: 2, levels: 2, boosts: 1 });
  });

  it('says how to make one when the account has none', async () => {
    const list = await d.cli(['points', 'list']);
    expect(list).toMatchObject({ code: 0, out: 'no points systems: create one with POST /admin/v1/points\n' });
  });
});

describe('kindling points show', () => {
  it('shows a system by its key: its triggers in words, its levels and its boosts; a deleted trigger not', async () => {
    const { deletedTriggerId } = await seedSystems();
    const shown = await d.cli(['points', 'show', 'xp']);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^system {7}XP \(xp\), active, id \S+\nmax points {3}1000\n/);
    expect(shown.out).toContain('triggers (2):');
    expect(shown.out).toMatch(/metric\s+10\s+active\s+every 3 lessons \(events with plan=pro\)\n/);
    expect(shown.out).toMatch(/time\s+1\s+inactive\s+every 7 days\n/);
    expect(shown.out).not.toContain(deletedTriggerId);
    expect(shown.out).toContain('levels (2):');
    expect(shown.out).toMatch(/silver\s+Silver\s+100\s/);
    expect(shown.out).toContain('boosts (1):');
    expect(shown.out).toMatch(/Double week\s+finished\s+2026-03-02\s+2026-03-08\s+x2\s+down\s+everyone\s/);
  });

  it('says when a system has no parts', async () => {
    await seedSystems();
    const shown = await d.cli(['points', 'show', 'gems']);
    expect(shown.out).toMatch(/^system {7}Gems \(gems\), archived/);
    expect(shown.out).toContain('max points   no bound');
    expect(shown.out).toContain('triggers: none\n\nlevels: none\n\nboosts: none\n');
  });

  it('prints the system with its parts in the admin API shapes under --json', async () => {
    const { deletedTriggerId } = await seedSystems();
    const shown = await d.cli(['points', 'show', 'xp', '--json']);
    expect(shown.code).toBe(0);
    const system = JSON.parse(shown.out);
    expect(system).toMatchObject({ key: 'xp', name: 'XP', maxPoints: 1000 });
    expect(system.triggers.map((t: { type: string }) => t.type)).toEqual(['metric', 'time']);
    expect(system.triggers.map((t: { id: string }) => t.id)).not.toContain(deletedTriggerId);
    expect(system.levels.map((l: { key: string }) => l.key)).toEqual(['bronze', 'silver']);
    expect(system.boosts).toEqual([
      expect.objectContaining({ name: 'Double week', status: 'finished', multiplier: 2 }),
    ]);
  });

  it('refuses a key no system has, naming the keys there are (exit 1), and wants a key (exit 2)', async () => {
    expect(await d.cli(['points', 'show', 'xp'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('no points system has the key "xp": the account has no points systems'),
    });
    await seedSystems();
    expect(await d.cli(['points', 'show', 'coins'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('no points system has the key "coins": the account\'s are xp, gems'),
    });
    const json = await d.cli(['points', 'show', 'coins', '--json']);
    expect(JSON.parse(json.err)).toMatchObject({ code: 'FAILED', error: expect.stringContaining('xp, gems') });
    expect(await d.cli(['points', 'show'])).toMatchObject({ code: 2, err: expect.stringContaining('missing KEY') });
    expect(await d.cli(['points', 'award'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown action "award": use list or show'),
    });
  });
});
