import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributedKey,
  filteredTotal,
  MAX_ATTRIBUTE_SET_CHARACTERS,
  MAX_ATTRIBUTE_SETS,
  readAttributedKey,
} from './attributed-metric.js';
import type { AchievementInput } from './achievements.js';
import { createEngine } from './engine.js';
import { ConfigError, InvalidInputError } from './errors.js';
import { memoryStore } from './memory-store.js';
import type { Store } from './store.js';
import { noon } from '../test/example-helpers.js';

const STREAKS = [{ key: 'default', frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] }];
const IOS_FIVE: AchievementInput = {
  key: 'ios-five',
  name: 'Five lessons on iOS',
  trigger: 'metric',
  metric: 'lessons',
  threshold: 5,
  eventAttributes: [{ key: 'device', value: 'ios' }],
};
const IOS_PRO_THREE: AchievementInput = {
  key: 'ios-pro-three',
  name: 'Three pro lessons on iOS',
  trigger: 'metric',
  metric: 'lessons',
  threshold: 3,
  eventAttributes: [
    { key: 'device', value: 'ios' },
    { key: 'plan', value: 'pro' },
  ],
};

function engineOn(store: Store, achievements: AchievementInput[], metrics?: string[]) {
  return createEngine({
    store,
    streaks: STREAKS,
    achievements,
    ...(metrics !== undefined ? { metrics } : {}),
    clock: () => noon('2026-01-10'),
  });
}

describe('a series name of a metric under attributes (S25)', () => {
  it('reads back the metric and every attribute, whatever characters they hold', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string(), { minKeys: 1, maxKeys: 5 }),
        (metric, attributes) => {
          fc.pre(!metric.includes('\u001f'));
          const read = readAttributedKey(attributedKey(metric, attributes));
          expect(read.metric).toBe(metric);
          expect(Object.fromEntries(read.attributes)).toEqual({ ...attributes });
        },
      ),
    );
  });

  it('is the same for the same attributes given in another order', () => {
    expect(attributedKey('m', { b: '2', a: '1' })).toBe(attributedKey('m', { a: '1', b: '2' }));
  });

  it('keeps a value with the separators in it apart from two attributes', () => {
    const one = attributedKey('m', { a: '1&b=2' });
    const two = attributedKey('m', { a: '1', b: '2' });
    expect(one).not.toBe(two);
    expect(filteredTotal({ [one]: 4, [two]: 1 }, 'm', [{ key: 'b', value: '2' }])).toBe(1);
  });
});

describe('metric achievements filtered by event attributes (S25)', () => {
  it('count only the events whose attributes hold every value asked for', async () => {
    const e = engineOn(memoryStore(), [IOS_FIVE, IOS_PRO_THREE]);
    const at = noon('2026-01-05');
    await e.record({ userId: 'u', metric: 'lessons', value: 4, at, attributes: { device: 'android' } });
    await e.record({ userId: 'u', metric: 'lessons', value: 2, at, attributes: { device: 'ios', plan: 'free' } });
    const third = await e.record({ userId: 'u', metric: 'lessons', value: 2, at, attributes: { device: 'ios' } });
    expect(third.achievements).toEqual([]);
    const fourth = await e.record({
      userId: 'u',
      metric: 'lessons',
      value: 3,
      at,
      attributes: { plan: 'pro', device: 'ios' },
    });
    expect(fourth.achievements.map((a) => a.key)).toEqual(['ios-five', 'ios-pro-three']);
    const user = await e.user('u');
    expect(user?.totals).toEqual({ lessons: 11 });
  });

  it("leave the metric's own journal as it was: the series under attributes are the engine's", async () => {
    const e = engineOn(memoryStore(), [IOS_FIVE]);
    await e.record({ userId: 'u', metric: 'lessons', value: 2, at: noon('2026-01-05'), attributes: { device: 'ios' } });
    const journal = await e.journal('u');
    expect(journal.rollups.map((row) => [row.metric, row.value])).toEqual([['lessons', 2]]);
  });

  it('count nothing of events without attributes', async () => {
    const e = engineOn(memoryStore(), [IOS_FIVE]);
    const result = await e.record({ userId: 'u', metric: 'lessons', value: 50 });
    expect(result.achievements).toEqual([]);
  });

  it('complete, when declared later, for users whose earlier events already qualify (backdating)', async () => {
    const store = memoryStore();
    const before = engineOn(store, []);
    const at = noon('2026-01-05');
    await before.record({ userId: 'yes', metric: 'lessons', value: 5, at, attributes: { device: 'ios' } });
    await before.record({ userId: 'no', metric: 'lessons', value: 5, at, attributes: { device: 'web' } });
    const after = engineOn(store, [IOS_FIVE]);
    await after.rebuildAll();
    expect((await after.user('yes'))?.achievements.map((a) => a.key)).toEqual(['ios-five']);
    expect((await after.user('no'))?.achievements).toEqual([]);
  });

  it('refuse bad filters and bad event attributes', async () => {
    expect(() =>
      engineOn(memoryStore(), [
        {
          ...IOS_FIVE,
          eventAttributes: [
            { key: 'a', value: '1' },
            { key: 'a', value: '2' },
          ],
        } as AchievementInput,
      ]),
    ).toThrow(ConfigError);
    expect(() => engineOn(memoryStore(), [], ['bad\u001fmetric'])).toThrow(ConfigError);
    const e = engineOn(memoryStore(), [IOS_FIVE]);
    for (const attributes of [JSON.parse('{"__proto__":"x"}'), { device: 42 }, { device: 'x'.repeat(1001) }, 'ios'])
      await expect(
        e.record({
          userId: 'u',
          metric: 'lessons',
          value: 1,
          attributes: attributes as unknown as Record<string, string>,
        }),
      ).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe('S25 with S20: a rebuild from the journal', () => {
  const device = fc.constantFrom('ios', 'web', 'android');
  const event = fc.record({
    day: fc.integer({ min: 1, max: 20 }),
    value: fc.integer({ min: -3, max: 5 }),
    attributes: fc.option(fc.record({ device, plan: fc.option(fc.constantFrom('pro', 'free'), { nil: undefined }) }), {
      nil: undefined,
    }),
  });

  it('gives every user the attributed totals and the filtered achievements that events kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 25 }), async (events) => {
        const store = memoryStore();
        const e = engineOn(store, [IOS_FIVE, IOS_PRO_THREE]);
        for (const { day, value, attributes } of events) {
          const given =
            attributes === undefined
              ? undefined
              : Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined));
          await e.record({
            userId: 'u',
            metric: 'lessons',
            value,
            at: noon(`2026-01-${String(day).padStart(2, '0')}`),
            ...(given !== undefined ? { attributes: given as Record<string, string> } : {}),
          });
        }
        const kept = await store.load('u');
        const rebuilt = await e.rebuild('u');
        const after = await store.load('u');
        expect(rebuilt).toBeDefined();
        expect({ ...after?.attributed }).toEqual({ ...kept?.attributed });
        expect({ ...after?.totals }).toEqual({ ...kept?.totals });
        expect(Object.keys(after?.achievements ?? {}).sort()).toEqual(Object.keys(kept?.achievements ?? {}).sort());
      }),
      { numRuns: 60 },
    );
  });
});

describe("a user's sets of event attributes (S25)", () => {
  const record = (engine: ReturnType<typeof engineOn>, userId: string, attributes?: Record<string, string>) =>
    engine.record({
      userId,
      metric: 'lessons',
      value: 1,
      at: noon('2026-01-10'),
      ...(attributes ? { attributes } : {}),
    });

  it(`are at most ${MAX_ATTRIBUTE_SETS}: an event with a new set beyond them is refused and changes nothing, while sets seen before and events without attributes still count`, async () => {
    const store = memoryStore();
    const engine = engineOn(store, [IOS_FIVE]);
    for (let i = 0; i < MAX_ATTRIBUTE_SETS; i++) await record(engine, 'u', { lesson: `l${i}` });
    const before = await store.load('u');
    const refused = record(engine, 'u', { lesson: 'one-more' });
    await expect(refused).rejects.toThrow(InvalidInputError);
    await expect(refused).rejects.toMatchObject({ code: 'TOO_MANY_ATTRIBUTE_SETS' });
    expect(await store.load('u')).toEqual(before);
    expect((await record(engine, 'u', { lesson: 'l7' })).total).toBe(MAX_ATTRIBUTE_SETS + 1);
    expect((await record(engine, 'u')).total).toBe(MAX_ATTRIBUTE_SETS + 2);
    // another user has sets of their own
    expect((await record(engine, 'v', { lesson: 'one-more' })).total).toBe(1);
  });

  it(`hold at most ${MAX_ATTRIBUTE_SET_CHARACTERS.toLocaleString('en')} characters of names in all, whatever their number`, async () => {
    const store = memoryStore();
    const engine = engineOn(store, [IOS_FIVE]);
    const long = (i: number) => ({ note: `${i}-${'x'.repeat(990)}`, other: 'y'.repeat(1000) });
    const fits = Math.floor(MAX_ATTRIBUTE_SET_CHARACTERS / attributedKey('lessons', long(10)).length);
    for (let i = 10; i < 10 + fits; i++) await record(engine, 'u', long(i));
    await expect(record(engine, 'u', long(10 + fits))).rejects.toMatchObject({ code: 'TOO_MANY_ATTRIBUTE_SETS' });
    expect((await record(engine, 'u', long(10))).total).toBe(fits + 1);
  });
});
