/**
 * Hostile names: ids and keys that name members of Object.prototype. Every title names the rule it
 * keeps; each also checks that Object.prototype is left as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.js';
import { ConfigError } from './errors.js';
import { memoryStore } from './memory-store.js';

const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  '__defineGetter__',
  'toLocaleString',
];
const nameArb = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ minLength: 1, maxLength: 8 }));
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1, 12);

const rule = {
  key: 'default',
  frequency: 'daily' as const,
  conditions: [{ metric: 'lessons', threshold: 1 }],
  freezes: { initial: 1 },
};
const achievements = [{ key: 'first', name: 'First', trigger: 'metric' as const, metric: 'lessons', threshold: 1 }];

function prototypeUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
  expect(Object.getPrototypeOf(Object.prototype)).toBeNull();
}
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

describe('hostile names', () => {
  it('S21, S18: users and idempotency keys named like Object.prototype members are kept apart and replayed like any others', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            user: nameArb,
            key: fc.option(nameArb, { nil: undefined }),
            day: fc.integer({ min: 0, max: 6 }),
            value: fc.integer({ min: 1, max: 3 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (events) => {
          // The same events under the hostile names and under plain renamed ones give the same answers.
          const renamed = new Map<string, string>();
          const plain = (name: string) => {
            if (!renamed.has(name)) renamed.set(name, `n${renamed.size}`);
            return renamed.get(name) as string;
          };
          const hostile = createEngine({ store: memoryStore(), streaks: [rule], achievements });
          const safe = createEngine({ store: memoryStore(), streaks: [rule], achievements });
          const sorted = [...events].sort((a, b) => a.day - b.day);
          for (const e of sorted) {
            const at = T0 + e.day * DAY;
            const a = await hostile.record({
              userId: e.user,
              metric: 'lessons',
              value: e.value,
              at,
              ...(e.key !== undefined ? { idempotencyKey: e.key } : {}),
            });
            const b = await safe.record({
              userId: plain(e.user),
              metric: 'lessons',
              value: e.value,
              at,
              ...(e.key !== undefined ? { idempotencyKey: plain(e.key) } : {}),
            });
            expect({ ...a, eventId: null, userId: null, idempotencyKey: null }).toEqual({
              ...b,
              eventId: null,
              userId: null,
              idempotencyKey: null,
            });
          }
          for (const user of new Set(events.map((e) => e.user))) {
            const a = await hostile.user(user, { at: T0 + 7 * DAY });
            const b = await safe.user(plain(user), { at: T0 + 7 * DAY });
            expect({ ...a, id: null }).toEqual({ ...b, id: null });
            expect(await hostile.streak(user, { at: T0 + 7 * DAY })).toEqual(
              await safe.streak(plain(user), { at: T0 + 7 * DAY }),
            );
          }
          prototypeUntouched();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('S6, S22: metric, rule and achievement keys named like Object.prototype members are refused with a ConfigError naming them', () => {
    for (const name of HOSTILE) {
      const attempts = [
        () => createEngine({ store: memoryStore(), streaks: [{ ...rule, key: name }] }),
        () =>
          createEngine({ store: memoryStore(), streaks: [{ ...rule, conditions: [{ metric: name, threshold: 1 }] }] }),
        () =>
          createEngine({ store: memoryStore(), streaks: [rule], achievements: [{ ...achievements[0]!, key: name }] }),
        () =>
          createEngine({
            store: memoryStore(),
            streaks: [rule],
            achievements: [{ ...achievements[0]!, metric: name }],
          }),
        () => createEngine({ store: memoryStore(), streaks: [rule], metrics: ['lessons', name] }),
      ];
      for (const attempt of attempts) {
        expect(attempt).toThrow(ConfigError);
        expect(attempt).toThrow(new RegExp(`"${name.replace(/\$/g, '\\$')}" is reserved`));
      }
    }
    prototypeUntouched();
  });
});
