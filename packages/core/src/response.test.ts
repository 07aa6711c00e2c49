import { describe, expect, it } from 'vitest';
import { StoreError } from './errors.js';
import { keptAnswer, withKeptViews, type CurrentStreak, type RecordedEvent, type RecordResult } from './response.js';

const recorded: RecordedEvent = {
  eventId: 'e1',
  userId: 'u',
  metric: 'lessons',
  value: 1,
  total: 1,
  at: '2026-02-10T12:00:00.000Z',
  replayed: false,
  idempotencyKey: 'k1',
  achievements: [],
  changes: [],
  points: {},
};
const view = (key: string) => ({ key, length: 1, frequency: 'daily', extended: true }) as unknown as CurrentStreak;
const answer: RecordResult = { ...recorded, currentStreak: view('w'), streaks: { 1: view('1'), w: view('w') } };

describe('a record answer kept for its idempotency key (S18)', () => {
  it("holds the current streak as its rule's key, and is given back whole", () => {
    const kept = keptAnswer(answer);
    expect(JSON.stringify(kept)).not.toContain('"currentStreak":{');
    expect(withKeptViews(JSON.parse(JSON.stringify(kept)))).toEqual(answer);
  });

  it('gives an answer kept whole, from before, as it is, and none for an answer kept without views', () => {
    expect(withKeptViews(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
    expect(withKeptViews(recorded)).toBeNull();
    expect(withKeptViews({ ...recorded, currentStreak: null, streaks: {} } as RecordedEvent)).toEqual({
      ...recorded,
      currentStreak: null,
      streaks: {},
    });
  });

  it('refuses a kept answer whose current streak is not among its streaks, as damage no retry mends', () => {
    const kept = keptAnswer(answer);
    const damages = [
      ...['gone', '__proto__', 'toString'].map((key) => ({ ...kept, currentStreak: key })),
      ...[null, 'w', 7].map((streaks) => ({ ...kept, streaks })),
    ];
    for (const damage of damages) {
      const damaged = JSON.parse(JSON.stringify(damage));
      let error: unknown;
      try {
        withKeptViews(damaged);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(StoreError);
      expect(error).toMatchObject({
        lasting: true,
        message: expect.stringContaining(JSON.stringify(damaged.currentStreak)),
      });
    }
  });
});
