import { describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError } from './errors.js';
import { dailyEngine, extendOn, noon } from '../test/example-helpers.js';

describe('identify', () => {
  it('creates a user ahead of any event, with the profile given and defaults for the rest', async () => {
    const engine = dailyEngine();
    const { user, created, changed } = await engine.identify(
      'ana',
      { email: 'ana@example.com', name: 'Ana', tz: 'Europe/Madrid', attributes: { plan: 'pro' } },
      { mode: 'create', at: noon('2026-03-01') },
    );
    expect({ created, changed }).toEqual({ created: true, changed: true });
    expect(user).toMatchObject({
      id: 'ana',
      email: 'ana@example.com',
      name: 'Ana',
      tz: 'Europe/Madrid',
      subscribeToEmails: true,
      deviceTokens: null,
      attributes: { plan: 'pro' },
      firstSeenAt: '2026-03-01T12:00:00.000Z',
      updated: '2026-03-01T12:00:00.000Z',
      totals: {},
    });
    expect(await engine.store.users(null, 10)).toEqual(['ana']);
  });

  it('places the events of a user identified with a zone in that zone', async () => {
    const engine = dailyEngine();
    await engine.identify('u', { tz: 'Pacific/Auckland' }, { mode: 'create', at: noon('2026-03-01') });
    // 12:00 UTC on the 1st is 01:00 on the 2nd in Auckland
    const result = await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: noon('2026-03-01') });
    expect(result.currentStreak?.periodStart).toBe('2026-03-02');
  });

  it('merges what a second create gives into the user already there, and says it was not created', async () => {
    const engine = dailyEngine();
    await engine.identify('ana', { name: 'Ana', attributes: { plan: 'pro' } }, { mode: 'create', at: 1 });
    const again = await engine.identify('ana', { attributes: { team: 'a' } }, { mode: 'create', at: 2 });
    expect(again.created).toBe(false);
    expect(again.user).toMatchObject({ name: 'Ana', attributes: { plan: 'pro', team: 'a' } });
  });

  it('replaces: what is not given returns to its default, and the zone stays', async () => {
    const engine = dailyEngine();
    await engine.identify(
      'ana',
      { email: 'a@example.com', name: 'Ana', tz: 'Asia/Tokyo', deviceTokens: ['t1'], attributes: { plan: 'pro' } },
      { mode: 'create', at: 1 },
    );
    const { user } = await engine.identify('ana', { name: 'Ann' }, { mode: 'replace', at: 2 });
    expect(user).toMatchObject({
      email: null,
      name: 'Ann',
      tz: 'Asia/Tokyo',
      deviceTokens: null,
      attributes: {},
      subscribeToEmails: true,
    });
  });

  it('refuses to update a user it does not know', async () => {
    const engine = dailyEngine();
    await expect(engine.identify('nobody', { name: 'N' }, { mode: 'update' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await engine.store.countUsers()).toBe(0);
  });

  it("moves `updated` when an event changes the user's zone or email, as identify does, and not when it repeats them", async () => {
    const engine = dailyEngine();
    const first = noon('2026-03-01');
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: first, tz: 'Europe/Berlin', email: 'u@a.io' });
    const same = first + 3_600_000;
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: same, tz: 'Europe/Berlin', email: 'u@a.io' });
    expect((await engine.user('u', { at: same }))?.updated).toBe(new Date(first).toISOString());
    const moved = first + 7_200_000;
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: moved, tz: 'Asia/Tokyo' });
    expect((await engine.user('u', { at: moved }))?.updated).toBe(new Date(moved).toISOString());
    const emailed = first + 10_800_000;
    await engine.record({ userId: 'u', metric: 'lessons', value: 1, at: emailed, email: 'u@b.io' });
    expect((await engine.user('u', { at: emailed }))?.updated).toBe(new Date(emailed).toISOString());
  });

  it('writes nothing when nothing changes', async () => {
    const engine = dailyEngine();
    await engine.identify('ana', { name: 'Ana', tz: 'UTC' }, { mode: 'create', at: 1 });
    const version = await engine.store.version('ana');
    const same = await engine.identify('ana', { name: 'Ana', tz: 'Etc/UTC' }, { mode: 'update', at: 2 });
    expect(same.changed).toBe(false);
    expect(await engine.store.version('ana')).toBe(version);
    expect(same.user.updated).toBe(new Date(1).toISOString());
  });

  it('keeps no email for a user who does not want emails, not even one a later event carries', async () => {
    const engine = dailyEngine();
    await engine.identify('ana', { email: 'a@example.com', subscribeToEmails: false }, { mode: 'create', at: 1 });
    expect((await engine.user('ana'))?.email).toBeNull();
    await engine.record({ userId: 'ana', metric: 'lessons', value: 1, at: 2, email: 'a@example.com' });
    expect((await engine.user('ana'))?.email).toBeNull();
  });

  it('merges the profile an event’s user carries', async () => {
    const engine = dailyEngine();
    await engine.record({
      userId: 'ana',
      metric: 'lessons',
      value: 1,
      at: noon('2026-03-01'),
      profile: { name: 'Ana', deviceTokens: ['t1', 't1', 't2'] },
    });
    expect(await engine.user('ana')).toMatchObject({ name: 'Ana', deviceTokens: ['t1', 't2'] });
  });

  // 100 attributes a user, as one body may give: merged, two bodies could give more.
  it('refuses what would merge into more than 100 attributes, from an identify or an event, and changes nothing', async () => {
    const engine = dailyEngine();
    const attributes = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`a${from + i}`, 'x']));
    await engine.identify('ana', { attributes: attributes(0, 60) }, { mode: 'create', at: noon('2026-03-01') });
    await expect(
      engine.identify('ana', { attributes: attributes(60, 41) }, { mode: 'update', at: noon('2026-03-02') }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/at most 100 attributes.*101/) });
    await expect(
      engine.record({
        userId: 'ana',
        metric: 'lessons',
        value: 1,
        at: noon('2026-03-02'),
        profile: { attributes: attributes(60, 41) },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    const user = await engine.user('ana');
    expect(Object.keys(user?.attributes ?? {})).toHaveLength(60);
    expect(user?.totals).toEqual({});
    // changing the values of those it has, or replacing them all, is within the bound
    await engine.identify('ana', { attributes: attributes(20, 60) }, { mode: 'update', at: noon('2026-03-03') });
    await engine.identify('ana', { attributes: attributes(200, 100) }, { mode: 'replace', at: noon('2026-03-04') });
    expect(Object.keys((await engine.user('ana'))?.attributes ?? {})).toHaveLength(100);
  });

  it('settles a streak when a zone change moves the user past the end of a missed day (S5), journaled for rebuilds', async () => {
    const engine = dailyEngine();
    await extendOn(engine, ['2026-03-01', '2026-03-02']);
    // two days later, the user says they are in Tokyo: the 3rd was missed in both zones
    const { changed } = await engine.identify('u', { tz: 'Asia/Tokyo' }, { mode: 'update', at: noon('2026-03-04') });
    expect(changed).toBe(true);
    const streak = await engine.streak('u', { at: noon('2026-03-04') });
    expect(streak.length).toBe(0);
    const journal = await engine.journal('u');
    expect(journal.zoneChanges.at(-1)).toMatchObject({ from: 'UTC', to: 'Asia/Tokyo', at: noon('2026-03-04') });
  });

  // Characters are code points, as the HTTP schemas (JSON Schema) count them: an emoji is one,
  // though a JavaScript string's length counts it as two.
  it('counts a profile text in characters: 200 emoji make a name, 256 do not', async () => {
    const engine = dailyEngine();
    const emoji = (count: number) => '\u{1F525}'.repeat(count);
    const { user } = await engine.identify(
      'ana',
      { name: emoji(200), attributes: { badge: emoji(1000) } },
      { mode: 'create', at: 1 },
    );
    expect(user.name).toBe(emoji(200));
    await expect(engine.identify('ana', { name: emoji(256) }, { mode: 'update', at: 2 })).rejects.toThrow(
      /name must be a string of 1 to 255 characters/,
    );
  });

  it('names the field of a bad profile', async () => {
    const engine = dailyEngine();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'x'.repeat(256) }, /name/],
      [{ attributes: JSON.parse('{"__proto__":"x"}') }, /attributes/],
      [{ attributes: { plan: 7 } }, /attributes\.plan/],
      [{ deviceTokens: 'token' }, /deviceTokens/],
      [{ subscribeToEmails: 'yes' }, /subscribeToEmails/],
      [{ tz: 'Mars/Olympus' }, /Mars\/Olympus/],
    ];
    for (const [input, field] of cases) {
      const error = await engine.identify('ana', input, { mode: 'create', at: 1 }).catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(field);
    }
    expect(await engine.store.countUsers()).toBe(0);
  });
});
