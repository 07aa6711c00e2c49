import { StoreError } from '@kindling/core';
import type {
  HistoryEntry,
  IndexEntry,
  OwnerAction,
  Rollup,
  UserState,
  UserWrite,
  ZoneChange,
} from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';

const files = useTempFiles();

function userWith(id: string, version: number, lessons = version): UserState {
  return { ...newUser(id, 0), version, totals: { lessons } };
}
function write(user: UserState, extra: Partial<UserWrite> = {}): UserWrite {
  return { user, history: [], rollups: [], index: [], ...extra };
}
const held = (period: number, length: number, streak = 'default'): HistoryEntry => ({
  streak,
  period,
  length,
  heldBy: 'met',
});
const rollup = (day: number, value: number, lastAt: number, version: number, dayStart = 0): Rollup => ({
  metric: 'lessons',
  dayStart,
  day,
  value,
  lastAt,
  version,
});
const line = (streak: string, length: number, deadAt: number): IndexEntry => ({
  streak,
  length,
  longest: length,
  deadAt,
  expiresAt: deadAt,
});

describe('sqliteStore update', () => {
  it('commits a step’s write, returns its result, and hands each step and each load a fresh copy', async () => {
    const store = files.open('a.db');
    expect(
      await store.update('u', ({ user, replay, journal }) => {
        expect([user, replay, journal]).toEqual([null, null, null]);
        return { result: 'done', write: write(userWith('u', 1)) };
      }),
    ).toBe('done');
    const loaded = (await store.load('u'))!;
    expect(loaded).toEqual(userWith('u', 1));
    loaded.totals.lessons = 999;
    await store.update('u', ({ user }) => {
      expect(user?.totals).toEqual({ lessons: 1 });
      user!.totals.lessons = 500; // the step owns it
      return { result: null };
    });
    expect((await store.load('u'))?.totals).toEqual({ lessons: 1 });
  });

  it('rolls back and rethrows the step’s own error, and writes nothing for a step without a write', async () => {
    const store = files.open('a.db');
    await store.update('u', () => ({ result: null, write: write(userWith('u', 1)) }));
    const failure = new Error('step failed');
    await expect(
      store.update('u', () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await store.update('v', () => ({ result: 42 }))).toBe(42);
    expect(await store.load('v')).toBeNull();
    expect(await store.countUsers()).toBe(1);
  });

  it('commits all of a write or nothing: a row the schema refuses undoes the user row written before it', async () => {
    const store = files.open('a.db');
    await store.update('u', () => ({ result: null, write: write(userWith('u', 1), { history: [held(1, 1)] }) }));
    const broken = { streak: 'default', period: 3, length: 2, heldBy: null } as unknown as HistoryEntry;
    const attempt = store.update('u', () => ({
      result: null,
      write: write(userWith('u', 2), { history: [held(2, 2), broken], rollups: [rollup(2, 1, 5, 2)] }),
    }));
    await expect(attempt).rejects.toThrow(StoreError);
    await expect(attempt).rejects.toThrow(/a\.db.*refused a write/);
    expect((await store.load('u'))?.version).toBe(1);
    expect(await store.history('u', 'default', 0, 10)).toEqual([held(1, 1)]);
    expect((await store.journal('u')).rollups).toEqual([]);
  });
});

describe('sqliteStore kept states', () => {
  const bump = (store: ReturnType<typeof files.open>, id: string) =>
    store.update(id, ({ user }) => {
      const next = userWith(id, (user?.version ?? 0) + 1, (user?.totals.lessons ?? 0) + 1);
      return { result: next.totals.lessons, write: write(next) };
    });

  it('sees what another connection to the file committed, though it keeps the user parsed', async () => {
    const first = files.open('shared.db');
    const second = files.open('shared.db');
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) seen.push((await bump(i % 3 === 2 ? second : first, 'u')) as number);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await second.load('u'))?.version).toBe(6);
  });

  it('hands a step the state the file holds, field for field, whether kept or read', async () => {
    const kept = files.open('kept.db');
    const read = files.open('read.db', { cachedStates: 0 });
    const seen: Array<{ kept: unknown; read: unknown }> = [];
    for (let i = 0; i < 4; i++) {
      const step =
        (id: string) =>
        ({ user }: { user: UserState | null }) => {
          const next: UserState = {
            ...userWith(id, (user?.version ?? 0) + 1),
            email: i % 2 === 0 ? null : 'a@example.com',
            totals: { lessons: (user?.totals.lessons ?? 0) + 1.5, minutes: 1e15 * (i + 1) },
          };
          return { result: user, write: write(next) };
        };
      seen.push({ kept: await kept.update('u', step('u')), read: await read.update('u', step('u')) });
    }
    for (const { kept: a, read: b } of seen) expect(a).toEqual(b);
    expect(seen[3]?.kept).toMatchObject({ totals: { lessons: 4.5, minutes: 3e15 } });
  });

  it('answers version() from the state it kept within a turn of the event loop, and reads another connection’s commit from the next turn', async () => {
    const nextTurn = () => new Promise((done) => setImmediate(done));
    const store = files.open('versions.db');
    await bump(store, 'u');
    await nextTurn();
    expect(await store.version('u')).toBe(1);
    // Another connection to the file (as another process would) moves the user on.
    const other = new Database(files.path('versions.db'));
    other.prepare('UPDATE users SET version = 5').run();
    other.close();
    // In this turn, the kept state answers: no query reached the file.
    expect(await store.version('u')).toBe(1);
    // From the next turn, data_version shows the other connection's commit: the file answers.
    await nextTurn();
    expect(await store.version('u')).toBe(5);
    expect(await store.version('never-seen')).toBe(0);
  });

  it('answers version() of a user it has only read from the version it read, within a turn, and another connection’s commit from the next turn', async () => {
    const nextTurn = () => new Promise((done) => setImmediate(done));
    const writer = files.open('read-only.db');
    await bump(writer, 'u');
    await writer.close();
    // A store that has written nothing (as a process just started): the version comes from the file.
    const store = files.open('read-only.db');
    expect(await store.version('u')).toBe(1);
    const other = new Database(files.path('read-only.db'));
    other.prepare('UPDATE users SET version = 4').run();
    other.close();
    // In this turn, the version read before answers: no query reached the file.
    expect(await store.version('u')).toBe(1);
    expect(store.peekVersion?.('u')).toBe(1);
    await nextTurn();
    expect(await store.version('u')).toBe(4);
  });

  it('never answers a version read before its own update of the user, even once the state it kept is gone', async () => {
    // One kept state at most: updating another user drops u's.
    const store = files.open('forgotten.db', { cachedStates: 1 });
    await bump(store, 'u');
    await bump(store, 'w');
    expect(await store.version('u')).toBe(1);
    await bump(store, 'u');
    await bump(store, 'w');
    expect(await store.version('u')).toBe(2);
    expect(store.peekVersion?.('u')).toBe(2);
  });

  it('reads a row written as JSON objects (as every row was before the compact form) and writes the user compact next', async () => {
    const store = files.open('older.db', { cachedStates: 0 });
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), { rollups: [rollup(20_000, 2, 5, 1)] }),
    }));
    const raw = new Database(files.path('older.db'));
    const before = { ...userWith('u', 2, 7), email: 'ada@example.com' };
    raw
      .prepare('UPDATE users SET version = 2, state = ?, open_rollups = ?')
      .run(JSON.stringify(before), JSON.stringify([rollup(20_000, 3, 6, 1)]));
    expect(await store.load('u')).toEqual(before);
    expect((await store.journal('u')).rollups).toEqual([rollup(20_000, 3, 6, 1)]);
    await store.update('u', ({ user }) => ({ result: null, write: write({ ...user!, version: 3 }) }));
    const [state, open] = raw.prepare('SELECT state, open_rollups FROM users').raw().get() as [string, string];
    raw.close();
    expect(state.startsWith('[')).toBe(true);
    expect(open).toBe('[["lessons",0,20000,3,6,1]]');
    expect(await store.load('u')).toEqual({ ...before, version: 3 });
  });

  it('tells the version on the spot (peekVersion) as version() does, another connection’s commit from the next turn, and nothing once closed', async () => {
    const nextTurn = () => new Promise((done) => setImmediate(done));
    const store = files.open('peeked.db');
    expect(store.peekVersion?.('u')).toBe(0);
    await bump(store, 'u');
    expect(store.peekVersion?.('u')).toBe(1);
    await nextTurn();
    const other = new Database(files.path('peeked.db'));
    other.prepare('UPDATE users SET version = 7').run();
    other.close();
    await nextTurn();
    expect(store.peekVersion?.('u')).toBe(7);
    expect(store.peekVersion?.('never-seen')).toBe(0);
    await store.close();
    // Closed: nothing on the spot; version() says why.
    expect(store.peekVersion?.('u')).toBeUndefined();
    await expect(store.version('u')).rejects.toMatchObject({ code: 'STORE_ERROR' });
  });

  it('reads the file again after a step that changed its state and then failed', async () => {
    const store = files.open('changed.db');
    await bump(store, 'u');
    await expect(
      store.update('u', ({ user }) => {
        user!.totals.lessons = 1000;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await bump(store, 'u')).toBe(2);
  });
});

describe('sqliteStore history', () => {
  it('inserts or replaces held periods by (streak, period) and reads a range of one rule', async () => {
    const store = files.open('a.db');
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), { history: [held(1, 1), held(2, 2), held(5, 1), held(2, 9, 'weekly')] }),
    }));
    await store.update('u', () => ({ result: null, write: write(userWith('u', 2), { history: [held(2, 7)] }) }));
    expect(await store.history('u', 'default', 2, 5)).toEqual([held(2, 7), held(5, 1)]);
    expect(await store.history('u', 'default', 3, 4)).toEqual([]);
    expect(await store.history('u', 'weekly', -100, 100)).toEqual([held(2, 9, 'weekly')]);
    expect(await store.history('nobody', 'default', 0, 10)).toEqual([]);
  });

  it('deletes every held period of the user (every rule), and only theirs, before a replaceHistory write', async () => {
    const store = files.open('a.db');
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), { history: [held(1, 1), held(2, 2), held(1, 1, 'weekly')] }),
    }));
    await store.update('v', () => ({ result: null, write: write(userWith('v', 1), { history: [held(1, 1)] }) }));
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 2), { history: [held(4, 1)], replaceHistory: true }),
    }));
    expect(await store.history('u', 'default', 0, 10)).toEqual([held(4, 1)]);
    expect(await store.history('u', 'weekly', 0, 10)).toEqual([]);
    expect(await store.history('v', 'default', 0, 10)).toEqual([held(1, 1)]);
  });
});

describe('sqliteStore journal', () => {
  it('merges rollups by (metric, dayStart, day): values add up, lastAt keeps the maximum, version the minimum', async () => {
    const store = files.open('a.db');
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), { rollups: [rollup(10, 1.5, 500, 1), rollup(10, 2, 500, 1, 240)] }),
    }));
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 2), { rollups: [rollup(10, 0.25, 300, 2), rollup(11, 1, 900, 2)] }),
    }));
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 3), { rollups: [rollup(10, -1, 800, 3)] }),
    }));
    expect((await store.journal('u')).rollups).toEqual([
      rollup(10, 0.75, 800, 1),
      rollup(10, 2, 500, 1, 240),
      rollup(11, 1, 900, 2),
    ]);
  });

  it('keeps the open day’s sums in the user’s row and moves them to the rollups table when another day comes', async () => {
    const store = files.open('open.db');
    const tableRows = () => {
      const db = new Database(files.path('open.db'), { readonly: true });
      const rows = db.prepare('SELECT day, value FROM rollups').raw().all();
      db.close();
      return rows;
    };
    for (let version = 1; version <= 3; version++)
      await store.update('u', () => ({
        result: null,
        write: write(userWith('u', version), { rollups: [rollup(10, 1, version * 10, version)] }),
      }));
    expect(tableRows()).toEqual([]);
    expect((await store.journal('u')).rollups).toEqual([rollup(10, 3, 30, 1)]);
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 4), { rollups: [rollup(11, 2, 40, 4)] }),
    }));
    expect(tableRows()).toEqual([[10, 3]]);
    expect((await store.journal('u')).rollups).toEqual([rollup(10, 3, 30, 1), rollup(11, 2, 40, 4)]);
    // a late event for day 10 reopens it: the journal still shows one sum for the day
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 5), { rollups: [rollup(10, 0.5, 50, 5)] }),
    }));
    expect((await store.journal('u')).rollups).toEqual([rollup(10, 3.5, 50, 1), rollup(11, 2, 40, 4)]);
    // a rebuild's write (no rollups) leaves the open sums as they are
    await store.update('u', () => ({ result: null, write: write(userWith('u', 6), { replaceHistory: true }) }));
    expect((await store.journal('u')).rollups).toEqual([rollup(10, 3.5, 50, 1), rollup(11, 2, 40, 4)]);
  });

  it('refuses a day sum that would overflow, in the user’s row or in the table, and keeps the sums it had', async () => {
    const store = files.open('overflow.db');
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), { rollups: [rollup(10, 9e15, 10, 1)] }),
    }));
    await expect(
      store.update('u', () => ({
        result: null,
        write: write(userWith('u', 2), { rollups: [rollup(10, 1.5e308, 20, 2)] }),
      })),
    ).rejects.toMatchObject({ code: 'SUM_OUT_OF_RANGE' });
    // Day 11 moves day 10's sum to the table; day 10 again adds to that sum.
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 2), { rollups: [rollup(11, 1, 30, 2)] }),
    }));
    await expect(
      store.update('u', () => ({
        result: null,
        write: write(userWith('u', 3), { rollups: [rollup(10, 9e15, 40, 3)] }),
      })),
    ).rejects.toMatchObject({ code: 'SUM_OUT_OF_RANGE' });
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 3), { rollups: [rollup(10, -1e15, 40, 3)] }),
    }));
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 4), { rollups: [rollup(10, 1e15 + 1, 50, 4)] }),
    }));
    await expect(
      store.update('u', () => ({
        result: null,
        write: write(userWith('u', 5), { rollups: [rollup(10, 1e15, 60, 5)] }),
      })),
    ).rejects.toMatchObject({ code: 'SUM_OUT_OF_RANGE' });
    expect(await store.version('u')).toBe(4);
    expect((await store.journal('u')).rollups).toEqual([rollup(10, 9e15 + 1, 50, 1), rollup(11, 1, 30, 2)]);
  });

  it('appends zone changes and owner actions in order, and hands the journal to a step that asks', async () => {
    const store = files.open('a.db');
    const zones: ZoneChange[] = [
      { at: 1, from: null, to: 'Asia/Tokyo', days: { '0': 3 }, version: 1 },
      { at: 2, from: 'Asia/Tokyo', to: 'UTC', days: { '0': 4 }, version: 3 },
    ];
    const actions: OwnerAction[] = [
      { kind: 'grant', at: 5, streak: 'default', day: 4, version: 2, count: 2 },
      { kind: 'pause', at: 6, streak: 'default', day: 4, version: 4, id: 'p', start: 5, end: 6 },
    ];
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), { zoneChange: zones[0], rollups: [rollup(3, 1, 1, 1)] }),
    }));
    await store.update('u', () => ({ result: null, write: write(userWith('u', 2), { action: actions[0] }) }));
    await store.update('u', () => ({ result: null, write: write(userWith('u', 3), { zoneChange: zones[1] }) }));
    await store.update('u', () => ({ result: null, write: write(userWith('u', 4), { action: actions[1] }) }));
    const expected = { rollups: [rollup(3, 1, 1, 1)], zoneChanges: zones, actions };
    expect(await store.journal('u')).toEqual(expected);
    expect(await store.update('u', ({ journal }) => ({ result: journal }), { journal: true })).toEqual(expected);
    expect(await store.update('u', ({ journal }) => ({ result: journal }))).toBeNull();
    expect(await store.journal('nobody')).toEqual({ rollups: [], zoneChanges: [], actions: [] });
  });
});

describe('sqliteStore idempotency', () => {
  it('hands the step the first response stored for (user, metric, key), and nothing for another metric, key or user', async () => {
    const store = files.open('a.db');
    const response = (total: number) => ({ eventId: `e${total}`, total }) as never;
    const record = (userId: string, key: string, total: number) =>
      store.update(
        userId,
        ({ user, replay }) =>
          replay
            ? { result: replay }
            : {
                result: null,
                write: write(userWith(userId, (user?.version ?? 0) + 1, total), {
                  idempotency: { metric: 'lessons', key, response: response(total), recordedAt: total, notBefore: 0 },
                }),
              },
        {
          idempotency: { metric: 'lessons', key, notBefore: 0 },
        },
      );
    expect(await record('u', 'k', 1)).toBeNull();
    expect(await record('u', 'k', 2)).toEqual(response(1));
    expect(await record('u', 'k2', 3)).toBeNull();
    expect(await record('v', 'k', 4)).toBeNull();
    // Lone surrogates stay distinct keys (a UTF-8 conversion would turn both into U+FFFD).
    expect(await record('u', '\uD800', 5)).toBeNull();
    expect(await record('u', '\uD801', 6)).toBeNull();
    const asked = (metric: string, key: string) =>
      store.update('u', ({ replay }) => ({ result: replay }), { idempotency: { metric, key, notBefore: 0 } });
    expect(await asked('minutes', 'k')).toBeNull();
    expect(await asked('lessons', '\uD801')).toEqual(response(6));
    // A write for a key already stored keeps the first response.
    await store.update('u', ({ user }) => ({
      result: null,
      write: write(userWith('u', (user?.version ?? 0) + 1, 7), {
        idempotency: { metric: 'lessons', key: 'k', response: response(7), recordedAt: 7, notBefore: 0 },
      }),
    }));
    expect(await asked('lessons', 'k')).toEqual(response(1));
  });
});

describe('sqliteStore users', () => {
  it('lists ids in UTF-16 code unit order, page by page, and counts them', async () => {
    const store = files.open('a.db');
    // UTF-8 byte order would put '\uFFFF' before '😀' (U+1F600) and merge the two lone surrogates.
    const ids = ['b', 'a', 'ab', 'Z', 'é', '\uFFFF', '😀', '\uD800', '\uDBFF', 'a\u0000b'];
    for (const id of ids) await store.update(id, () => ({ result: null, write: write(userWith(id, 1)) }));
    const sorted = [...ids].sort();
    expect(await store.users(null, 100)).toEqual(sorted);
    expect(await store.users(null, 4)).toEqual(sorted.slice(0, 4));
    expect(await store.users(sorted[3]!, 4)).toEqual(sorted.slice(4, 8));
    expect(await store.users(sorted.at(-1)!, 4)).toEqual([]);
    expect(await store.users(null, 0)).toEqual([]);
    expect(await store.countUsers()).toBe(ids.length);
    expect((await store.load('\uD800'))?.id).toBe('\uD800');
  });
});

describe('sqliteStore files', () => {
  it('finds exactly what was committed after closing and reopening the file', async () => {
    const store = files.open('a.db');
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 1), {
        history: [held(1, 1)],
        rollups: [rollup(1, 1, 10, 1)],
        index: [line('default', 1, 1000)],
      }),
    }));
    await store.update('u', () => ({
      result: null,
      write: write(userWith('u', 2), {
        history: [held(2, 2)],
        rollups: [rollup(2, 1, 20, 2)],
        index: [line('default', 2, 2000)],
      }),
    }));
    await store
      .update('u', () => {
        throw new Error('not committed');
      })
      .catch(() => undefined);
    await store.update('v', () => ({ result: null, write: write(userWith('v', 1)) }));
    const snapshot = async (s: typeof store) => ({
      u: await s.load('u'),
      v: await s.load('v'),
      history: await s.history('u', 'default', 0, 10),
      journal: await s.journal('u'),
      users: await s.users(null, 10),
      count: await s.countUsers(),
      stats: await s.stats('default', 0, 5),
    });
    const before = await snapshot(store);
    expect(before.history).toEqual([held(1, 1), held(2, 2)]);
    await store.close();
    const again = files.open('a.db');
    expect(await snapshot(again)).toEqual(before);
  });

  it('keeps the accounts of one file apart: same user ids, nothing shared', async () => {
    const a = files.open('shared.db', { account: 'a' });
    const b = files.open('shared.db', { account: 'b' });
    const plain = files.open('shared.db');
    await a.update('u', () => ({
      result: null,
      write: write(userWith('u', 1, 10), {
        history: [held(1, 1)],
        rollups: [rollup(1, 10, 1, 1)],
        index: [line('default', 1, 100)],
        idempotency: { metric: 'lessons', key: 'k', response: { from: 'a' } as never, recordedAt: 1, notBefore: 0 },
      }),
    }));
    await b.update('u', () => ({ result: null, write: write(userWith('u', 1, 20)) }));
    await b.update('w', () => ({ result: null, write: write(userWith('w', 1)) }));
    expect((await a.load('u'))?.totals).toEqual({ lessons: 10 });
    expect((await b.load('u'))?.totals).toEqual({ lessons: 20 });
    expect(await plain.load('u')).toBeNull();
    expect(await b.history('u', 'default', 0, 10)).toEqual([]);
    expect((await b.journal('u')).rollups).toEqual([]);
    expect(
      await b.update('u', ({ replay }) => ({ result: replay }), {
        idempotency: { metric: 'lessons', key: 'k', notBefore: 0 },
      }),
    ).toBeNull();
    expect([await a.users(null, 10), await b.users(null, 10), await plain.users(null, 10)]).toEqual([
      ['u'],
      ['u', 'w'],
      [],
    ]);
    expect([await a.countUsers(), await b.countUsers(), await plain.countUsers()]).toEqual([1, 2, 0]);
    expect((await a.stats('default', 0, 5)).active).toBe(1);
    expect((await b.stats('default', 0, 5)).active).toBe(0);
    expect(await b.expiring('default', 0, 1e6, 5)).toEqual([]);
  });

  it('fails with a StoreError naming the file once closed; closing twice is fine', async () => {
    const store = files.open('a.db');
    await store.close();
    await store.close();
    await expect(store.load('u')).rejects.toThrow(StoreError);
    await expect(store.update('u', () => ({ result: 1 }))).rejects.toThrow(/a\.db.*closed/);
  });

  it('works in memory too', async () => {
    const { sqliteStore } = await import('./index.js');
    const store = sqliteStore({ path: ':memory:' });
    await store.update('u', () => ({ result: null, write: write(userWith('u', 1)) }));
    expect((await store.load('u'))?.version).toBe(1);
    await store.close();
  });
});

describe('sqliteStore group commit', () => {
  it('commits concurrent updates together, a failing step rolling back only its own writes', async () => {
    const store = files.open('group.db');
    const failure = new Error('this step fails');
    const calls = Array.from({ length: 60 }, (_, i) => {
      const id = `u${i % 20}`;
      if (i === 33) {
        return store.update(id, ({ user }) => {
          // writes nothing that survives: the step throws after deciding its write
          void write(userWith(id, (user?.version ?? 0) + 1, -1000));
          throw failure;
        });
      }
      return store.update(id, ({ user }) => {
        const next = userWith(id, (user?.version ?? 0) + 1, (user?.totals.lessons ?? 0) + 1);
        return { result: next.version, write: write(next) };
      });
    });
    const settled = await Promise.allSettled(calls);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => (s as PromiseRejectedResult).reason)).toEqual([
      failure,
    ]);
    for (let u = 0; u < 20; u++) {
      const expected = u === 33 % 20 ? 2 : 3;
      expect((await store.load(`u${u}`))?.totals.lessons).toBe(expected);
      expect((await store.load(`u${u}`))?.version).toBe(expected);
    }
  });

  it('refuses a write with the wrong version inside a batch without touching its neighbours', async () => {
    const store = files.open('group-version.db');
    const [bad, good] = await Promise.allSettled([
      store.update('a', () => ({ result: null, write: write(userWith('a', 7)) })),
      store.update('b', () => ({ result: 'ok', write: write(userWith('b', 1)) })),
    ]);
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toBeInstanceOf(StoreError);
    expect(good).toEqual({ status: 'fulfilled', value: 'ok' });
    expect(await store.load('a')).toBeNull();
  });

  it('fails only the update whose rows the schema refuses halfway, committing its neighbours in the same batch', async () => {
    const store = files.open('group-half.db');
    const broken = { streak: 'default', period: 3, length: 2, heldBy: null } as unknown as HistoryEntry;
    const calls = Array.from({ length: 30 }, (_, i) => {
      const id = `u${i % 10}`;
      return store.update(id, ({ user }) => {
        const next = userWith(id, (user?.version ?? 0) + 1, (user?.totals.lessons ?? 0) + 1);
        // the user row is written before the history block that the schema refuses
        return {
          result: next.version,
          write: write(next, {
            history: i === 14 ? [held(1, 1), broken] : [],
            rollups: [rollup(1, 1, i, next.version)],
          }),
        };
      });
    });
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status === 'rejected')).toEqual(Array.from({ length: 30 }, (_, i) => i === 14));
    expect((settled[14] as PromiseRejectedResult).reason).toBeInstanceOf(StoreError);
    for (let u = 0; u < 10; u++) {
      const expected = u === 4 ? 2 : 3;
      expect((await store.load(`u${u}`))?.totals.lessons).toBe(expected);
      expect((await store.journal(`u${u}`)).rollups[0]?.value).toBe(expected);
    }
    expect(await store.history('u4', 'default', 0, 10)).toEqual([]);
  });

  it('commits the updates asked for before close() returns', async () => {
    const store = files.open('group-close.db');
    const pending = store.update('c', () => ({ result: 'kept', write: write(userWith('c', 1)) }));
    await store.close();
    expect(await pending).toBe('kept');
    const reopened = files.open('group-close.db');
    expect((await reopened.load('c'))?.version).toBe(1);
  });
});
