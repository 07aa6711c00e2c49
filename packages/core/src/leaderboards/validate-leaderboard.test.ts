import { describe, expect, it } from 'vitest';
import { board, day } from '../../test/leaderboard-examples.js';
import type { LeaderboardRules } from './leaderboard-types.js';
import { validateLeaderboard } from './validate-leaderboard.js';

function problem(more: Partial<LeaderboardRules> | Record<string, unknown>): string {
  try {
    validateLeaderboard({ ...board(), ...more } as LeaderboardRules);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a board the engine is given', () => {
  it('is accepted when the rules can run on it', () => {
    expect(problem({ repeat: { unit: 'month', interval: 1 }, end: day('2027-01-01'), breakdown: ['country'] })).toBe(
      'accepted',
    );
  });

  it('is refused, naming the field, when the rules cannot run on it', () => {
    expect(problem({ key: 'a b' })).toMatch(/key: may hold only letters/);
    expect(problem({ key: '__proto__' })).toMatch(/reserved/);
    expect(problem({ rankBy: { kind: 'level' } })).toMatch(/rankBy: must rank by/);
    expect(problem({ end: day('2025-12-31') })).toMatch(/end: must not be before the start/);
    expect(problem({ repeat: { unit: 'week', interval: 1 } })).toMatch(/repeat.unit/);
    expect(problem({ repeat: { unit: 'day', interval: 0 } })).toMatch(/repeat.interval: must be a whole number/);
    expect(problem({ rankBy: { kind: 'streak', streak: 'daily' }, repeat: { unit: 'day', interval: 7 } })).toMatch(
      /ranking by streak cannot repeat/,
    );
    expect(problem({ window: { from: 3_600_000, until: 3_600_000 } })).toMatch(/must not start when it ends/);
    expect(problem({ window: { from: 86_400_000, until: null } })).toMatch(/window.from/);
    expect(problem({ breakdown: ['country', 'country'] })).toMatch(/breakdown\[1\]: names an attribute already listed/);
    expect(problem({ maxParticipants: 0 })).toMatch(/maxParticipants/);
    expect(problem({ maxParticipants: 1e308 })).toMatch(/maxParticipants/);
    expect(problem({ start: Number.NaN })).toMatch(/start/);
  });
});
