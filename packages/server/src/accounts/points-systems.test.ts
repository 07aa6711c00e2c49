import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { archivePointsSystems, createPointsSystems, pointsSystemsOf, updatePointsSystems } from './points-systems.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
const deps = () => ({ control: t.control, clock: () => at });
const users = { tenantId: null, exists: async (id: string) => id === 'ada' };
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

describe('createPointsSystems', () => {
  it('creates a system with its levels, boosts and triggers, and names which parts were sent', async () => {
    const { applied, issues } = await createPointsSystems(
      deps(),
      t.accountId,
      [
        {
          name: 'XP',
          key: 'xp',
          maxPoints: 1000,
          levels: [{ name: 'One', key: 'one', points: 0 }],
          boosts: [{ name: 'Ada', start: '2026-03-02', multiplier: 2, userId: 'ada' }],
          triggers: [{ type: 'user_creation', points: 10 }],
        },
        { name: 'Gems', key: 'gems' },
      ],
      users,
    );
    expect(issues).toEqual([]);
    expect(applied.map((m) => m.named)).toEqual([
      { levels: true, boosts: true, triggers: true },
      { levels: false, boosts: false, triggers: false },
    ]);
    const [xp, gems] = applied.map((m) => m.system);
    expect(xp).toMatchObject({
      key: 'xp',
      name: 'XP',
      description: '',
      status: 'active',
      badge: null,
      maxPoints: 1000,
    });
    expect([xp?.levels.length, xp?.boosts.length, xp?.triggers.length]).toEqual([1, 1, 1]);
    expect(gems).toMatchObject({ key: 'gems', maxPoints: null, levels: [], boosts: [], triggers: [] });
    expect((await pointsSystemsOf(deps(), t.accountId)).map((s) => s.key)).toEqual(['xp', 'gems']);
  });

  it('refuses a taken key, a maxPoints of 0 or 2.5, and a system whose part is refused, naming the part', async () => {
    await createPointsSystems(deps(), t.accountId, [{ name: 'XP', key: 'xp' }], users);
    const { applied, issues } = await createPointsSystems(
      deps(),
      t.accountId,
      [
        { name: 'XP again', key: 'xp' },
        { name: 'Zero', key: 'zero', maxPoints: 0 },
        { name: 'Half', key: 'half', maxPoints: 2.5 },
        {
          name: 'Bad trigger',
          key: 'bad',
          triggers: [
            { type: 'user_creation', points: 1 },
            { type: 'user_creation', points: 0 },
          ],
        },
        {
          name: 'Twice',
          key: 'twice',
          levels: [
            { name: 'A', key: 'a', points: 0 },
            { name: 'B', key: 'a', points: 1 },
          ],
        },
        {
          name: 'Nobody',
          key: 'nobody',
          boosts: [{ name: 'N', start: '2026-03-02', multiplier: 2, userId: 'nobody' }],
        },
      ],
      users,
    );
    expect(applied).toEqual([]);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [0, 'Key already in use by another points system'],
      [1, 'maxPoints must be an integer from 1 to 1000000000'],
      [2, 'maxPoints must be an integer from 1 to 1000000000'],
      [3, 'triggers[1]: points must be a non-zero integer from -1000000000 to 1000000000'],
      [4, 'levels[1]: Key already in use by another level'],
      [5, 'boosts[0]: User does not exist'],
    ]);
    expect((await pointsSystemsOf(deps(), t.accountId)).map((s) => s.key)).toEqual(['xp']);
  });

  it('makes at most 50 systems an account, the rest issues', async () => {
    const items = Array.from({ length: 51 }, (_, i) => ({ name: `S${i}`, key: `s${i}` }));
    const { applied, issues } = await createPointsSystems(deps(), t.accountId, items, users);
    expect(applied).toHaveLength(50);
    expect(issues).toEqual([
      { index: 50, severity: 'error', message: 'An account may have at most 50 points systems' },
    ]);
  });
});

describe('updatePointsSystems and archivePointsSystems', () => {
  it('change name and bounds (null removes), refuse an archived one, and archive by id', async () => {
    const made = await createPointsSystems(deps(), t.accountId, [{ name: 'XP', key: 'xp', maxPoints: 5 }], users);
    const id = made.applied[0]?.system.id ?? '';
    const { applied, issues } = await updatePointsSystems(deps(), t.accountId, [
      { id, name: 'Experience', maxPoints: null, description: 'earned' },
      { id: 'nope', name: 'X' },
    ]);
    expect(applied).toEqual([
      expect.objectContaining({ id, key: 'xp', name: 'Experience', maxPoints: null, description: 'earned' }),
    ]);
    expect(issues).toEqual([{ id: 'nope', severity: 'error', message: 'Points system not found by ID' }]);
    expect(await archivePointsSystems(deps(), t.accountId, [id, 'nope'])).toMatchObject({
      applied: [{ id }],
      issues: [{ id: 'nope', severity: 'error', message: 'id must be a valid UUID' }],
    });
    const again = await updatePointsSystems(deps(), t.accountId, [{ id, name: 'Back' }]);
    expect(again.issues.map((i) => i.message)).toEqual(['The points system is archived']);
  });
});
