import { describe, expect, it } from 'vitest';
import { InvalidInputError } from './errors.js';
import { dailyEngine, noon } from '../test/example-helpers.js';

/** C0, DEL, C1, and the direction controls: embeddings, overrides, isolates, marks. */
const UNSHOWABLE = [
  'a\u0000b',
  'a\nb',
  'tab\tbed',
  'del\u007f',
  'c1\u0085',
  'adm\u202Ein',
  'lre\u202a',
  'iso\u2066x',
  'pdi\u2069',
  'lrm\u200e',
  'rlm\u200f',
  'alm\u061c',
];

const refusal = async (write: Promise<unknown>) => {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  return (error as Error).message;
};

describe('the characters of a user id and a user name', () => {
  it.each(UNSHOWABLE)('refuses the user id %j on every write, naming userId', async (userId) => {
    const engine = dailyEngine();
    const at = noon('2026-03-02');
    const writes = [
      engine.record({ userId, metric: 'lessons', value: 1, at, tz: 'UTC' }),
      engine.ingest({ userId, metric: 'lessons', value: 1, at, tz: 'UTC' }),
      engine.identify(userId, { tz: 'UTC' }, { mode: 'create', at }),
      engine.grantFreezes(userId, 1, { at }),
      engine.pause(userId, { start: '2026-03-03', end: '2026-03-04', at }),
      engine.setPreferences(userId, { notifications: { streak_reminder: ['email'] } }, { at }),
    ];
    for (const write of writes) expect(await refusal(write)).toMatch(/^userId must hold no control characters/);
  });

  it('still reads and erases by such an id, so that users stored before the rule stay reachable', async () => {
    const engine = dailyEngine();
    for (const userId of UNSHOWABLE) {
      await expect(engine.user(userId)).resolves.toBeNull();
      await expect(engine.streak(userId)).resolves.toMatchObject({ length: 0 });
      await expect(engine.deleteUser(userId)).resolves.toBe(false);
    }
  });

  it.each(['Ann\u202Eevil', 'two\nlines', 'nul\u0000', 'mark\u200f'])(
    'refuses the name %j of an event and of identify, naming the field',
    async (name) => {
      const engine = dailyEngine();
      const at = noon('2026-03-02');
      expect(
        await refusal(engine.record({ userId: 'u', metric: 'lessons', value: 1, at, tz: 'UTC', profile: { name } })),
      ).toMatch(/^profile\.name must hold no control characters/);
      expect(await refusal(engine.identify('u', { name }, { mode: 'create', at }))).toMatch(
        /^name must hold no control characters/,
      );
      expect(await engine.user('u')).toBeNull();
    },
  );

  it('takes every other character: letters of any script, combining marks, emoji joined by a zero-width joiner', async () => {
    const engine = dailyEngine();
    const at = noon('2026-03-02');
    for (const userId of ['שלום', 'e\u0301', '👩\u200d💻', 'a b', 'ünï-çødé_1']) {
      await engine.record({ userId, metric: 'lessons', value: 1, at, tz: 'UTC', profile: { name: userId } });
      expect(await engine.user(userId)).toMatchObject({ id: userId, name: userId });
    }
  });
});
