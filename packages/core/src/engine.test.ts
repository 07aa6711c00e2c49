import { describe, expect, it } from 'vitest';
import { ConfigError, createEngine, InvalidInputError, memoryStore, NotFoundError } from '@kindling/core';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

function engine(now = noon('2026-02-10')) {
  return createEngine({
    store: memoryStore(),
    streaks: [
      {
        key: 'default',
        frequency: 'daily',
        conditions: [{ metric: 'lessons', threshold: 1 }],
        freezes: { initial: 1 },
      },
      { key: 'weekly', frequency: 'weekly', conditions: [{ metric: 'minutes', threshold: 60 }] },
    ],
    clock: () => now,
  });
}

describe('createEngine and record', () => {
  it('returns the event, the total, every rule’s streak and the first rule’s as currentStreak', async () => {
    const result = await engine().record({
      userId: 'ana',
      metric: 'lessons',
      value: 1,
      tz: 'Europe/Madrid',
      email: 'ana@example.com',
    });
    expect(result).toMatchObject({
      userId: 'ana',
      metric: 'lessons',
      value: 1,
      total: 1,
      at: '2026-02-10T12:00:00.000Z',
      replayed: false,
      idempotencyKey: null,
      currentStreak: { key: 'default', length: 1, extended: true, frequency: 'daily', started: '2026-02-10' },
      streaks: {
        default: { length: 1 },
        weekly: { length: 0, extended: false, periodStart: '2026-02-09', periodEnd: '2026-02-15' },
      },
    });
    expect(result.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('uses the injected clock when no instant is given', async () => {
    const result = await engine(noon('2031-07-04')).record({ userId: 'u', metric: 'lessons', value: 1 });
    expect(result.at).toBe('2031-07-04T12:00:00.000Z');
  });

  it('uses an injected id generator for event ids', async () => {
    let n = 0;
    const e = createEngine({
      store: memoryStore(),
      streaks: [],
      metrics: ['x'],
      newId: () => `id-${++n}`,
      clock: () => 0,
    });
    expect((await e.record({ userId: 'u', metric: 'x', value: 1 })).eventId).toBe('id-1');
    expect((await e.record({ userId: 'u', metric: 'x', value: 1 })).eventId).toBe('id-2');
  });

  it('keeps the user’s profile: email, last zone, first seen, totals, and when the zone last changed', async () => {
    const e = engine();
    await e.record({
      userId: 'ana',
      metric: 'lessons',
      value: 2,
      tz: 'Europe/Madrid',
      email: 'ana@example.com',
      at: noon('2026-02-01'),
    });
    await e.record({ userId: 'ana', metric: 'minutes', value: 30, tz: 'Asia/Tokyo', at: noon('2026-02-02') });
    expect(await e.user('ana')).toEqual({
      id: 'ana',
      email: 'ana@example.com',
      name: null,
      tz: 'Asia/Tokyo',
      subscribeToEmails: true,
      deviceTokens: null,
      attributes: {},
      firstSeenAt: '2026-02-01T12:00:00.000Z',
      updated: '2026-02-02T12:00:00.000Z',
      totals: { lessons: 2, minutes: 30 },
      achievements: [],
    });
    expect(await e.user('nobody')).toBeNull();
  });
});

describe('bounds of values and sums (S6)', () => {
  it('refuses two events of 1e308 with INVALID_INPUT, keeping the total they would have overflowed', async () => {
    const e = engine();
    await e.record({ userId: 'u', metric: 'lessons', value: 5 });
    for (const value of [1e308, 1e308, -1e308]) {
      await expect(e.record({ userId: 'u', metric: 'lessons', value })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining('1000000000000'),
      });
    }
    expect((await e.user('u'))?.totals).toEqual({ lessons: 5 });
    expect((await e.record({ userId: 'u', metric: 'lessons', value: 1 })).total).toBe(6);
  });

  it('takes a value of up to 1e12 either way, and nothing beyond', async () => {
    const e = engine();
    expect((await e.record({ userId: 'u', metric: 'minutes', value: 1e12 })).total).toBe(1e12);
    expect((await e.record({ userId: 'u', metric: 'minutes', value: -1e12 })).total).toBe(0);
    await expect(e.record({ userId: 'u', metric: 'minutes', value: 1e12 + 1 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(e.record({ userId: 'u', metric: 'minutes', value: -1e12 - 1 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('refuses with SUM_OUT_OF_RANGE the event that would take a total past 2^53 − 1, and changes nothing', async () => {
    const e = engine();
    // 9,007 events of 1e12 make 9.007e15, just under 2^53 − 1 (9,007,199,254,740,991).
    for (let i = 0; i < 9007; i++)
      await e.record({ userId: 'u', metric: 'minutes', value: 1e12, at: noon('2026-02-01') + i });
    const kept = structuredClone(await e.store.load('u'));
    const journal = structuredClone(await e.store.journal('u'));
    await expect(
      e.record({ userId: 'u', metric: 'minutes', value: 1e12, at: noon('2026-02-02') }),
    ).rejects.toMatchObject({
      code: 'SUM_OUT_OF_RANGE',
      message: expect.stringContaining('minutes'),
    });
    expect(await e.store.load('u')).toEqual(kept);
    expect(await e.store.journal('u')).toEqual(journal);
    expect(
      (await e.record({ userId: 'u', metric: 'minutes', value: 199_254_740_991, at: noon('2026-02-02') })).total,
    ).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses with SUM_OUT_OF_RANGE the event that would take a period’s sum past 2^53 − 1 while the total stays within it', async () => {
    const e = engine();
    // A day of −4.6e15 in all, then a day whose sum (the daily rule's period) climbs past 2^53 − 1.
    for (let i = 0; i < 4600; i++)
      await e.record({ userId: 'u', metric: 'lessons', value: -1e12, at: noon('2026-02-01') + i });
    for (let i = 0; i < 9007; i++)
      await e.record({ userId: 'u', metric: 'lessons', value: 1e12, at: noon('2026-02-02') + i });
    const kept = structuredClone(await e.store.load('u'));
    await expect(
      e.record({ userId: 'u', metric: 'lessons', value: 1e12, at: noon('2026-02-02') + 10_000 }),
    ).rejects.toMatchObject({ code: 'SUM_OUT_OF_RANGE' });
    expect(await e.store.load('u')).toEqual(kept);
    expect((await e.user('u'))?.totals).toEqual({ lessons: 4.407e15 });
    // The next day is a period of its own: its sum starts from nothing.
    expect((await e.record({ userId: 'u', metric: 'lessons', value: 1e12, at: noon('2026-02-03') })).total).toBe(
      4.408e15,
    );
  });
});

describe('zone names (S1)', () => {
  it('keeps the zone a user sent in any case as its IANA name: in the user, the journal and what reads answer', async () => {
    const e = engine();
    await e.record({ userId: 'ken', metric: 'lessons', value: 1, tz: 'asia/tokyo', at: noon('2026-02-01') });
    expect((await e.user('ken'))?.tz).toBe('Asia/Tokyo');
    expect((await e.store.load('ken'))?.tz).toBe('Asia/Tokyo');
    expect((await e.store.journal('ken')).zoneChanges.map((change) => change.to)).toEqual(['Asia/Tokyo']);
    // The same zone in another spelling is no change of zone.
    await e.record({ userId: 'ken', metric: 'lessons', value: 1, tz: 'ASIA/TOKYO', at: noon('2026-02-02') });
    await e.record({ userId: 'ken', metric: 'lessons', value: 1, tz: 'Asia/Tokyo', at: noon('2026-02-03') });
    expect((await e.store.journal('ken')).zoneChanges).toHaveLength(1);
    expect((await e.user('ken'))?.tz).toBe('Asia/Tokyo');
  });
});

describe('idempotency (S18)', () => {
  it('returns the first response again, marked as a replay, and changes nothing', async () => {
    const e = engine();
    const first = await e.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      idempotencyKey: 'k1',
      at: noon('2026-02-10'),
    });
    const stateAfterFirst = await e.store.load('u');
    const replay = await e.record({
      userId: 'u',
      metric: 'lessons',
      value: 7,
      idempotencyKey: 'k1',
      at: noon('2026-02-11'),
    });
    expect(replay).toEqual({ ...first, replayed: true });
    expect(await e.store.load('u')).toEqual(stateAfterFirst);
  });

  it("runs the caller's admit check for a new event only: a throw refuses it and writes nothing, a repeat skips it", async () => {
    const e = engine();
    const refusal = new Error('refused by the caller');
    const calls: string[] = [];
    const first = await e.record({
      userId: 'u',
      metric: 'lessons',
      value: 1,
      idempotencyKey: 'k1',
      admit: () => calls.push('k1'),
    });
    const kept = await e.store.load('u');
    const refuse = () => {
      calls.push('refused');
      throw refusal;
    };
    await expect(
      e.record({ userId: 'u', metric: 'lessons', value: 5, idempotencyKey: 'k2', admit: refuse }),
    ).rejects.toBe(refusal);
    expect(await e.store.load('u')).toEqual(kept);
    const again = await e.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1', admit: refuse });
    expect(again).toEqual({ ...first, replayed: true });
    expect(calls).toEqual(['k1', 'refused']);
    await expect(e.record({ userId: 'u', metric: 'lessons', value: 1, admit: 'yes' as never })).rejects.toThrow(
      /admit must be a function/,
    );
  });

  it('scopes keys to one user and one metric', async () => {
    const e = engine();
    await e.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1' });
    expect((await e.record({ userId: 'u', metric: 'minutes', value: 1, idempotencyKey: 'k1' })).replayed).toBe(false);
    expect((await e.record({ userId: 'v', metric: 'lessons', value: 1, idempotencyKey: 'k1' })).replayed).toBe(false);
    expect((await e.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1' })).replayed).toBe(true);
  });

  it("replays the first response's current streak as given, whatever order the rules' keys take or take later", async () => {
    const store = memoryStore();
    const rules = (order: string[]) =>
      order.map((key) => ({ key, frequency: 'daily' as const, conditions: [{ metric: 'lessons', threshold: 1 }] }));
    // an object puts the key "1" before "w", whichever rule came first
    const before = createEngine({ store, streaks: rules(['w', '1']), clock: () => noon('2026-02-10') });
    const first = await before.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1' });
    expect(first.currentStreak?.key).toBe('w');
    expect(Object.keys(first.streaks)).toEqual(['1', 'w']);
    const after = createEngine({ store, streaks: rules(['1', 'w']), clock: () => noon('2026-02-12') });
    const again = await after.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1' });
    expect(again).toEqual({ ...first, replayed: true });
    expect(again.currentStreak).toBe(again.streaks.w);
  });

  it('keeps the stored response safe from changes the caller makes to the one it got', async () => {
    const e = engine();
    const first = await e.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1' });
    first.changes.length = 0;
    const replay = await e.record({ userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 'k1' });
    expect(replay.changes.map((c) => c.type)).toEqual(['streak.started']);
  });
});

describe('invalid input is a typed error with a clear message', () => {
  const e = engine();
  it.each([
    [
      'an unknown time zone, named',
      { userId: 'u', metric: 'lessons', value: 1, tz: 'Mars/Olympus_Mons' },
      InvalidInputError,
      /unknown time zone "Mars\/Olympus_Mons"/,
    ],
    [
      'a non-finite value',
      { userId: 'u', metric: 'lessons', value: Number.POSITIVE_INFINITY },
      InvalidInputError,
      /value must be a finite number, got Infinity/,
    ],
    [
      'NaN as value',
      { userId: 'u', metric: 'lessons', value: Number.NaN },
      InvalidInputError,
      /value must be a finite number, got NaN/,
    ],
    [
      'a string as value',
      { userId: 'u', metric: 'lessons', value: '3' as unknown as number },
      InvalidInputError,
      /value must be a finite number, got "3"/,
    ],
    [
      'an empty user id',
      { userId: '', metric: 'lessons', value: 1 },
      InvalidInputError,
      /userId must be a non-empty string/,
    ],
    [
      'an unknown metric',
      { userId: 'u', metric: 'steps', value: 1 },
      NotFoundError,
      /unknown metric "steps"; known: lessons, minutes/,
    ],
    [
      'an invalid instant',
      { userId: 'u', metric: 'lessons', value: 1, at: new Date('nope') },
      InvalidInputError,
      /at must be a Date or epoch milliseconds/,
    ],
    [
      'an empty idempotency key',
      { userId: 'u', metric: 'lessons', value: 1, idempotencyKey: '' },
      InvalidInputError,
      /idempotencyKey must be a non-empty string/,
    ],
  ])('rejects %s', async (_what, input, type, message) => {
    await expect(e.record(input)).rejects.toThrow(type);
    await expect(e.record(input)).rejects.toThrow(message);
  });

  // The bounds the HTTP schemas hold, held by the engine for every caller (the command line's import,
  // an embedding backend): an id or email longer could be recorded, then never read over HTTP.
  it.each([
    ['a user id of 256 characters', { userId: 'u'.repeat(256) }, /userId must be 1 to 255 characters/],
    ['an email of 321 characters', { email: `${'e'.repeat(309)}@example.com` }, /email must be 1 to 320 characters/],
    ['an idempotency key of 256 characters', { idempotencyKey: 'k'.repeat(256) }, /idempotencyKey must be 1 to 255/],
  ])('rejects %s, as the HTTP API does', async (_what, fields, message) => {
    const error = await e.record({ userId: 'u', metric: 'lessons', value: 1, ...fields }).catch((c: unknown) => c);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  it('takes a user id of 255 characters, emoji counted as one each', async () => {
    const userId = '\u{1F525}'.repeat(255);
    await e.record({ userId, metric: 'lessons', value: 1 });
    expect((await e.user(userId))?.id).toBe(userId);
  });

  // JSON.stringify throws on a BigInt: a message that showed the value with it threw a TypeError instead.
  it.each([
    ['value', { userId: 'u', metric: 'lessons', value: 1n }, /value must be a finite number, got 1n/],
    ['userId', { userId: 1n, metric: 'lessons', value: 1 }, /userId must be a non-empty string, got 1n/],
    ['tz', { userId: 'u', metric: 'lessons', value: 1, tz: 2n }, /tz.*got 2n/],
    ['idempotencyKey', { userId: 'u', metric: 'lessons', value: 1, idempotencyKey: 3n }, /idempotencyKey.*got 3n/],
  ])('rejects a BigInt as %s with an InvalidInputError showing it', async (_what, input, message) => {
    const error = await e.record(input as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  it('rejects a BigInt or NaN count and period count with an InvalidInputError showing it as given', async () => {
    await e.record({ userId: 'u', metric: 'lessons', value: 1 });
    await expect(e.grantFreezes('u', 1n as never)).rejects.toThrow(/count must be a whole number .*got 1n/);
    await expect(e.grantFreezes('u', Number.NaN)).rejects.toThrow(/count must be a whole number .*got NaN/);
    await expect(e.streak('u', { historyPeriods: 7n as never })).rejects.toThrow(InvalidInputError);
  });

  it('rejects a malformed date for a pause, naming it', async () => {
    await e.record({ userId: 'u', metric: 'lessons', value: 1 });
    await expect(e.pause('u', { start: '2026-13-01', end: '2026-12-31' })).rejects.toMatchObject({
      code: 'INVALID_DATE',
      message: expect.stringContaining('"2026-13-01"'),
    });
    await expect(e.pause('u', { start: '10/02/2026', end: '2026-12-31' })).rejects.toThrow(
      /start must be a date written YYYY-MM-DD/,
    );
  });

  // A date given lies in the years an instant may (1000..9998), so that every date made from it,
  // such as the day a paused streak expires, is still written YYYY-MM-DD.
  it.each([
    ['2026-12-01', '9999-12-31', 'end'],
    ['0999-12-31', '2027-01-01', 'start'],
  ])('rejects a pause from %s to %s, outside the years 1000 to 9998, naming its %s', async (start, end, named) => {
    const userId = `far-${named}`;
    await e.record({ userId, metric: 'lessons', value: 1 });
    await expect(e.pause(userId, { start, end })).rejects.toMatchObject({
      code: 'INVALID_DATE',
      message: expect.stringMatching(new RegExp(`^${named} must lie between the years 1000 and 9998`)),
    });
    const read = await e.streak(userId);
    expect(read.pauses).toEqual([]);
  });

  // Every read of the streak lists the pauses to come: an owner's loop could make them without end.
  it('holds at most 100 pauses to come a streak, refusing the next until one is deleted or past', async () => {
    await e.record({ userId: 'many-pauses', metric: 'lessons', value: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 100; i++)
      ids.push((await e.pause('many-pauses', { start: '2026-03-01', end: '2026-03-02' })).id);
    await expect(e.pause('many-pauses', { start: '2026-03-01', end: '2026-03-02' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/at most 100 pauses/),
    });
    expect((await e.streak('many-pauses')).pauses).toHaveLength(100);
    await e.unpause('many-pauses', ids[0] as string);
    await e.pause('many-pauses', { start: '2026-03-01', end: '2026-03-02' });
    expect((await e.streak('many-pauses')).pauses).toHaveLength(100);
  });

  it('takes a pause to the last day of 9998, and the streak it keeps expires on a date written YYYY-MM-DD', async () => {
    await e.record({ userId: 'paused-to-9998', metric: 'lessons', value: 1 });
    // recorded on 2026-02-10 (the engine's clock): paused from the next day to the end of 9998
    await e.pause('paused-to-9998', { start: '2026-02-11', end: '9998-12-31' });
    const read = await e.streak('paused-to-9998', { at: Date.parse('2027-06-01T00:00:00Z') });
    expect([read.length, read.expires]).toEqual([1, '9999-01-01']);
  });

  it('rejects an unknown streak key', async () => {
    await expect(e.streak('u', { key: 'monthly' })).rejects.toMatchObject({
      code: 'UNKNOWN_STREAK',
      message: expect.stringContaining('default, weekly'),
    });
  });

  it('rejects freezes for a rule that has none, and a grant that is not a positive whole number', async () => {
    await expect(e.grantFreezes('u', 1, { key: 'weekly' })).rejects.toThrow(
      /freezes are not enabled for streak rule "weekly"/,
    );
    await expect(e.grantFreezes('u', 0)).rejects.toThrow(/count must be a whole number from 1/);
  });

  it('rejects actions on a user never seen', async () => {
    await expect(e.grantFreezes('ghost', 1)).rejects.toMatchObject({ code: 'UNKNOWN_USER' });
    await expect(e.pause('ghost', { start: '2026-03-01', end: '2026-03-02' })).rejects.toMatchObject({
      code: 'UNKNOWN_USER',
    });
  });
});

describe('pauses (S13)', () => {
  it('rejects a pause that starts before the user’s local today, and one that ends before it starts', async () => {
    const e = engine(Date.parse('2026-02-10T23:30:00Z'));
    await e.record({ userId: 'u', metric: 'lessons', value: 1, tz: 'Pacific/Auckland' }); // Feb 11 locally
    await expect(e.pause('u', { start: '2026-02-10', end: '2026-02-12' })).rejects.toThrow(
      /cannot start in the past: 2026-02-10 is before the user's local date 2026-02-11/,
    );
    await expect(e.pause('u', { start: '2026-02-13', end: '2026-02-12' })).rejects.toThrow(
      /must end on or after its start/,
    );
    const pause = await e.pause('u', { start: '2026-02-11', end: '2026-02-12' });
    expect(pause).toMatchObject({ start: '2026-02-11', end: '2026-02-12' });
    expect((await e.streak('u')).pauses).toEqual([pause]);
  });

  it('removes a pause by id, and names an unknown one', async () => {
    const e = engine();
    await e.record({ userId: 'u', metric: 'lessons', value: 1 });
    const pause = await e.pause('u', { start: '2026-02-11', end: '2026-02-12' });
    await e.unpause('u', pause.id);
    expect((await e.streak('u')).pauses).toEqual([]);
    await expect(e.unpause('u', pause.id)).rejects.toMatchObject({ code: 'UNKNOWN_PAUSE' });
  });
});

describe('configuration errors', () => {
  const store = memoryStore();
  it.each([
    ['a rule with no conditions', { frequency: 'daily', conditions: [] }, /has no conditions/],
    [
      'an unknown frequency',
      { frequency: 'hourly', conditions: [{ metric: 'm', threshold: 1 }] },
      /frequency must be one of daily, weekly, monthly/,
    ],
    [
      'an unknown week start',
      { frequency: 'weekly', weekStart: 'funday', conditions: [{ metric: 'm', threshold: 1 }] },
      /weekStart must be one of/,
    ],
    [
      'a bad day start',
      { frequency: 'daily', dayStartsAt: '25:00', conditions: [{ metric: 'm', threshold: 1 }] },
      /dayStartsAt must be a time written HH:MM/,
    ],
    [
      'an unknown default zone',
      { frequency: 'daily', defaultTimeZone: 'Nowhere/City', conditions: [{ metric: 'm', threshold: 1 }] },
      /unknown time zone "Nowhere\/City"/,
    ],
    [
      'a zero threshold',
      { frequency: 'daily', conditions: [{ metric: 'm', threshold: 0 }] },
      /threshold must be a finite number above 0/,
    ],
    [
      'more initial freezes than the maximum',
      { frequency: 'daily', conditions: [{ metric: 'm', threshold: 1 }], freezes: { initial: 3, max: 2 } },
      /freezes.initial \(3\) is above freezes.max \(2\)/,
    ],
    [
      'a bad earning interval',
      { frequency: 'daily', conditions: [{ metric: 'm', threshold: 1 }], freezes: { earn: { every: 0, amount: 1 } } },
      /earn.every must be a whole number of days from 1 to 9007199254740991/,
    ],
    [
      'an initial count of freezes beyond exact whole numbers (S6)',
      { frequency: 'daily', conditions: [{ metric: 'm', threshold: 1 }], freezes: { initial: 2 ** 53, max: 2 ** 60 } },
      /freezes.initial must be a whole number from 0 to 9007199254740991/,
    ],
    [
      'a most freezes of 1e300',
      { frequency: 'daily', conditions: [{ metric: 'm', threshold: 1 }], freezes: { max: 1e300 } },
      /freezes.max must be a whole number from 0 to 9007199254740991/,
    ],
    [
      'an earned amount of 1e300',
      {
        frequency: 'daily',
        conditions: [{ metric: 'm', threshold: 1 }],
        freezes: { earn: { every: 1, amount: 1e300 } },
      },
      /earn.amount must be a whole number from 1 to 9007199254740991/,
    ],
    [
      'a restore window of 1e20',
      { frequency: 'daily', conditions: [{ metric: 'm', threshold: 1 }], restoreWindow: 1e20 },
      /restoreWindow must be a whole number from 0 to 9007199254740991/,
    ],
    [
      'a bad mode',
      { frequency: 'daily', mode: 'most', conditions: [{ metric: 'm', threshold: 1 }] },
      /mode must be "all" or "any"/,
    ],
  ])('rejects %s', (_what, rule, message) => {
    expect(() => createEngine({ store, streaks: [rule as never] })).toThrow(ConfigError);
    expect(() => createEngine({ store, streaks: [rule as never] })).toThrow(message);
  });

  it('rejects two rules with one key and an achievement on a missing rule', () => {
    const rule = { frequency: 'daily' as const, conditions: [{ metric: 'm', threshold: 1 }] };
    expect(() => createEngine({ store, streaks: [rule, rule] })).toThrow(/two streak rules share the key "default"/);
    expect(() =>
      createEngine({
        store,
        streaks: [rule],
        achievements: [{ key: 'a', name: 'A', trigger: 'streak', length: 3, streak: 'other' }],
      }),
    ).toThrow(/streak rule "other", which is not configured/);
  });
});
