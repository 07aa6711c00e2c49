import { describe, expect, it } from 'vitest';
import { boostApplies, boostStatus, nextBoostChange } from './boost-status.js';
import { boost, day } from '../../test/points-examples.js';

describe('a boost status and where it applies (S35)', () => {
  const b = boost('b', 2, 'down', { start: day('2026-03-10'), end: day('2026-03-12') });

  it('is active from 10:00 UTC the day before its start to 12:00 UTC the day after its end', () => {
    expect(boostStatus(b, Date.parse('2026-03-09T09:59:59.999Z'))).toBe('scheduled');
    expect(boostStatus(b, Date.parse('2026-03-09T10:00:00Z'))).toBe('active');
    expect(boostStatus(b, Date.parse('2026-03-13T11:59:59.999Z'))).toBe('active');
    expect(boostStatus(b, Date.parse('2026-03-13T12:00:00Z'))).toBe('finished');
    expect(boostStatus({ ...b, end: null }, Date.parse('2099-01-01T00:00:00Z'))).toBe('active');
  });

  it('tells the next instant a status changes, each status holding until then', () => {
    const never = 8.64e15;
    const changes = [Date.parse('2026-03-09T10:00:00Z'), Date.parse('2026-03-13T12:00:00Z')];
    expect(nextBoostChange([b], Date.parse('2026-03-01T00:00:00Z'), never)).toBe(changes[0]);
    expect(nextBoostChange([b], changes[0] as number, never)).toBe(changes[1]);
    expect(nextBoostChange([b], changes[1] as number, never)).toBe(never);
    expect(nextBoostChange([{ ...b, end: null }], changes[0] as number, never)).toBe(never);
    for (const at of [changes[0] as number, (changes[1] as number) - 1])
      expect(boostStatus(b, at)).toBe(boostStatus(b, (changes[1] as number) - 1));
  });

  it('applies on its local dates, end included, to its own user or to users matching its filter', () => {
    expect(boostApplies(b, day('2026-03-12'), 'u', {})).toBe(true);
    expect(boostApplies(b, day('2026-03-13'), 'u', {})).toBe(false);
    expect(boostApplies({ ...b, userId: 'v' }, day('2026-03-11'), 'u', {})).toBe(false);
    expect(boostApplies({ ...b, userAttributes: { tier: 'gold' } }, day('2026-03-11'), 'u', { tier: 'gold' })).toBe(
      true,
    );
    expect(boostApplies({ ...b, userAttributes: { tier: 'gold' } }, day('2026-03-11'), 'u', {})).toBe(false);
  });
});
