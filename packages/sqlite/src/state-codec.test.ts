import { createEngine, memoryStore } from '@kindling/core';
import type { Rollup, UserState } from '@kindling/core/adapter';
import type { PointsSystemRules } from '@kindling/core';
import { propertyRuns, recordTimeline, ruleArb, timelineArb } from '@kindling/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOpenRollups, parseUser } from './rows.js';
import { encodeRollups, encodeState } from './state-codec.js';
import { systemArb } from '../../core/test/points-arbitraries.js';
import { KEPT_STATE } from '../../core/test/points-examples.js';

/** What a row read back must equal: the state as JSON keeps it (undefined fields dropped, own keys only). */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));
const readState = (text: string) => parseUser('test.db', 'default', 'u', text);
const readRollups = (text: string) => parseOpenRollups('test.db', 'default', 'u', text);

const base: UserState = {
  id: 'ada',
  email: null,
  tz: 'Europe/Berlin',
  firstSeenAt: 1_764_000_000_000,
  version: 3,
  totals: { lessons: 2.5 },
  streaks: {
    daily: {
      since: 20_400,
      day: 20_401,
      period: 20_401,
      progress: { lessons: 1 },
      met: true,
      length: 2,
      longest: 5,
      started: 20_400,
      freezes: 1,
      earnedThrough: 20_401,
      lost: null,
      lastAt: 1_764_100_000_000,
      extendedAt: 1_764_100_000_000,
      pauses: [],
    },
  },
  achievements: { first: 1_764_000_000_000 },
  lastEventAt: 1_764_100_000_000,
  dayStarts: [{ from: 1, starts: [0] }],
  rulesFingerprint: 'c0f2933ebf74dd47',
};

describe('the compact row of a user state', () => {
  it('reads back every state the engine keeps exactly as its JSON, in fewer bytes', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArb(), timelineArb({ maxEvents: 30 }), async (rule, timeline) => {
        const store = memoryStore();
        const engine = createEngine({ store, metrics: ['lessons', 'minutes'], streaks: [{ ...rule, key: 'r' }] });
        await recordTimeline(engine, 'u', timeline, { check: false });
        const user = await store.load('u');
        if (user === null) return;
        const text = encodeState(user);
        expect(text.startsWith('[')).toBe(true);
        expect(text.length).toBeLessThan(JSON.stringify(user).length);
        expect(readState(text)).toEqual(asJson(user));
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it('keeps fields it has no place for (a profile, preferences, a field of a later version) and tells absent from null', () => {
    const fuller = {
      ...base,
      profile: { name: 'Ada' },
      preferences: { channels: { email: false } },
      reminded: { daily: 20_401 },
      later: [1, 2],
    } as unknown as UserState;
    expect(readState(encodeState(fuller))).toEqual(asJson(fuller));
    const { lastEventAt: _a, dayStarts: _b, rulesFingerprint: _c, ...older } = base;
    const back = readState(encodeState(older as UserState));
    expect(back).toEqual(asJson(older));
    expect('lastEventAt' in back || 'dayStarts' in back || 'rulesFingerprint' in back).toBe(false);
  });

  it('writes the JSON object, as before, for a state of another shape, and reads any object back as JSON keeps it', () => {
    const oddities = fc.oneof(
      fc.constantFrom(...Object.keys(base)).map((field) => {
        const copy: Record<string, unknown> = { ...base };
        delete copy[field];
        return copy;
      }),
      fc.constantFrom('lastEventAt', 'dayStarts', 'rulesFingerprint').map((field) => ({ ...base, [field]: null })),
      fc.constantFrom(...Object.keys(base.streaks.daily!)).map((field) => {
        const streak: Record<string, unknown> = { ...base.streaks.daily };
        delete streak[field];
        return { ...base, streaks: { daily: streak } };
      }),
      fc.record({ extra: fc.jsonValue() }).map(({ extra }) => ({
        ...base,
        streaks: { daily: { ...base.streaks.daily, extra } },
      })),
      fc.dictionary(fc.string(), fc.jsonValue()).map((extra) => ({ ...extra, ...base })),
      fc.shuffledSubarray(Object.keys(base.streaks.daily!), { minLength: 14 }).map((order) => ({
        ...base,
        streaks: {
          daily: Object.fromEntries(
            order.map((k) => [k, (base.streaks.daily as unknown as Record<string, unknown>)[k]]),
          ),
        },
      })),
    );
    fc.assert(
      fc.property(oddities, (state) => {
        expect(readState(encodeState(state as unknown as UserState))).toEqual(asJson(state));
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('keeps `__proto__` a key like any other, as JSON.parse does, without touching any prototype', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":true},"x":1}') as Record<string, unknown>;
    const state = {
      ...asJson(base),
      totals: hostile,
      streaks: JSON.parse(`{"__proto__":${JSON.stringify(base.streaks.daily)}}`),
    };
    Object.defineProperty(state, '__proto__', {
      value: { polluted: true },
      enumerable: true,
      configurable: true,
      writable: true,
    });
    const text = encodeState(state as UserState);
    const back = readState(text) as unknown as Record<string, unknown>;
    expect(JSON.stringify(back)).toBe(JSON.stringify(JSON.parse(JSON.stringify(state))));
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(back.streaks)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a row written as the JSON object, as every row was before', () => {
    expect(readState(JSON.stringify(base))).toEqual(base);
  });

  it('calls a compact row of another length or shape damaged', () => {
    const row = JSON.parse(encodeState(base)) as unknown[];
    for (const bad of [
      row.slice(0, 10),
      [...row, {}, 1],
      [1, ...row.slice(1)],
      row.map((v, i) => (i === 6 ? { daily: [1] } : v)),
    ])
      expect(() => readState(JSON.stringify(bad))).toThrow(/damaged/);
  });
});

/** `system` with each level key once: the engine refuses a key used twice, which the arbitrary may draw. */
const withUniqueLevelKeys = (system: PointsSystemRules): PointsSystemRules => ({
  ...system,
  levels: system.levels.filter((level, i) => system.levels.findIndex((other) => other.key === level.key) === i),
});

describe('the points states in the compact row', () => {
  const xp = KEPT_STATE;
  const withPoints = (points: unknown): UserState => ({ ...base, points }) as unknown as UserState;
  it('reads back the states of every points system the engine keeps, each id of an award written once (S36)', async () => {
    await fc.assert(
      fc.asyncProperty(
        ruleArb(),
        timelineArb({ maxEvents: 30 }),
        systemArb(undefined, 3),
        systemArb(undefined, 2),
        async (rule, timeline, xp, gems) => {
          const store = memoryStore();
          const engine = createEngine({
            store,
            metrics: ['lessons', 'minutes'],
            streaks: [{ ...rule, key: 'r' }],
            points: [xp, { ...gems, key: 'gems' }].map(withUniqueLevelKeys),
          });
          await recordTimeline(engine, 'u', timeline, { check: false });
          const user = await store.load('u');
          if (user === null) return;
          const text = encodeState(user);
          if (user.points !== undefined) expect(text).not.toContain('"awards"');
          expect(readState(text)).toEqual(asJson(user));
        },
      ),
      { numRuns: propertyRuns(40) },
    );
  });

  it('keeps states of another shape as their JSON objects, and reads them back', () => {
    // which states pack is the codec's (core's points-codec.test.ts); here, that the row keeps the rest
    for (const other of [{ xp: { ...xp, later: 1 } }, { xp: { ...xp, total: '30' } }, [1, 2]]) {
      const text = encodeState(withPoints(other));
      expect(readState(text)).toEqual(asJson(withPoints(other)));
    }
  });

  it('calls a packed points state of another length or shape damaged', () => {
    const row = JSON.parse(encodeState(withPoints({ xp }))) as unknown[];
    const rest = row[11] as { points: unknown[][] };
    const system = rest.points[0] as unknown[];
    // which arrays are no states is the codec's (core's points-codec.test.ts); here, that the row says so
    for (const bad of [[system.slice(0, 6)], [system.map((v, i) => (i === 6 ? [[1, 9, 10, 0, 10]] : v))]])
      expect(() => readState(JSON.stringify([...row.slice(0, 11), { ...rest, points: bad }]))).toThrow(/damaged/);
  });
});

describe('the compact row of open rollups', () => {
  const rollups: Rollup[] = [
    { metric: 'lessons', dayStart: 0, day: 20_401, value: 1.5, lastAt: 1_764_100_000_000, version: 3 },
    { metric: 'minutes', dayStart: 240, day: 20_401, value: -2, lastAt: 1_764_100_000_001, version: 2 },
  ];

  it('reads back what it wrote, in fewer bytes; and rows written as objects before', () => {
    const text = encodeRollups(rollups);
    expect(text.length).toBeLessThan(JSON.stringify(rollups).length);
    expect(readRollups(text)).toEqual(rollups);
    expect(readRollups(JSON.stringify(rollups))).toEqual(rollups);
  });

  it('writes objects, as before, when a rollup has another shape, and calls a row of another length damaged', () => {
    const odd = [{ ...rollups[0], extra: 1 }] as unknown as Rollup[];
    expect(readRollups(encodeRollups(odd))).toEqual(odd);
    expect(() => readRollups('[["lessons",0,20401,1,5]]')).toThrow(/damaged/);
    expect(() => readRollups('[7]')).toThrow(/damaged/);
  });
});
