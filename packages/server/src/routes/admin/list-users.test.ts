import { LOOKED_AT_PER_PAGE } from '@kindling/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const DAY = 86_400_000;

/** Records one event for each user, 1,000 per call. */
async function seed(users: Array<{ id: string; email?: string | null; tz?: string }>, key = t.adminKey) {
  for (let i = 0; i < users.length; i += 1000) {
    const events = users.slice(i, i + 1000).map((user) => ({ key: 'lessons', user, value: 1 }));
    const res = await t.call('POST', '/admin/v1/metrics/events', { key, body: events });
    expect(res.status).toBe(202);
  }
}

const list = (query = '', key = t.adminKey) => t.call('GET', `/admin/v1/users${query}`, { key });

/** Every page from the start, following `next`. */
async function allPages(query: string) {
  const pages: Array<{ users: Array<{ id: string }>; next: string | null }> = [];
  let after: string | null = null;
  do {
    const res = await list(`?${query}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    after = res.body.next;
  } while (after !== null && pages.length < 1000);
  return pages;
}

const ids = (pages: Array<{ users: Array<{ id: string }> }>) => pages.flatMap((page) => page.users.map((u) => u.id));

describe('GET /admin/v1/users', () => {
  it('pages through a few hundred users, each exactly once, in user id order', async () => {
    const users = Array.from({ length: 333 }, (_, i) => ({ id: `user-${(i * 7919) % 1000}` }));
    users.push({ id: 'Zoë' }, { id: 'émile' }, { id: '😀' }, { id: '__proto__' });
    await seed(users);
    const pages = await allPages('limit=40');
    expect(pages).toHaveLength(Math.ceil(users.length / 40));
    // UTF-16 code unit order, as the stores keep it
    const expected = users.map((u) => u.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(ids(pages)).toEqual(expected);
    expect(pages.at(-1)?.next).toBeNull();
    // 25 by default
    expect((await list()).body.users).toHaveLength(25);
  });

  it("shows each user's email, zone, the streak now and the latest event", async () => {
    await seed([{ id: 'ada', email: 'ada@example.com', tz: 'Europe/Berlin' }, { id: 'bob' }]);
    now += DAY;
    await seed([{ id: 'ada' }]);
    const res = await list();
    expect(res.body).toEqual({
      users: [
        {
          id: 'ada',
          email: 'ada@example.com',
          tz: 'Europe/Berlin',
          current: 2,
          longest: 2,
          lastActive: '2026-03-03T10:00:00.000Z',
        },
        { id: 'bob', email: null, tz: null, current: 1, longest: 1, lastActive: '2026-03-02T10:00:00.000Z' },
      ],
      next: null,
    });
    now += 3 * DAY;
    expect((await list()).body.users[0]).toMatchObject({ current: 0, longest: 2 });
  });

  it('searches ids by prefix first, then emails by part, ignoring case, across pages', async () => {
    await seed([
      { id: 'ann-1', email: 'x@example.com' },
      { id: 'ann-2' },
      { id: 'ann' },
      { id: 'bob', email: 'Bob.Hannah@Example.com' },
      { id: 'cy', email: 'cy@example.com' },
      { id: 'Ann' },
    ]);
    expect(ids(await allPages('search=ann'))).toEqual(['ann', 'ann-1', 'ann-2', 'bob']);
    expect(ids(await allPages('search=ann&limit=1'))).toEqual(['ann', 'ann-1', 'ann-2', 'bob']);
    expect(ids(await allPages('search=EXAMPLE.COM'))).toEqual(['ann-1', 'bob', 'cy']);
    expect(ids(await allPages('search=nobody'))).toEqual([]);
  });

  it(`looks at ${LOOKED_AT_PER_PAGE} users per request while searching emails, and the next cursor goes on`, async () => {
    const users = Array.from({ length: LOOKED_AT_PER_PAGE + 300 }, (_, i) => {
      const id = `u${String(i).padStart(5, '0')}`;
      return { id, email: i === 10 || i === LOOKED_AT_PER_PAGE + 200 ? `${id}@needle.example` : `${id}@example.com` };
    });
    await seed(users);
    const first = (await list('?search=needle')).body;
    expect(first.users.map((u: { id: string }) => u.id)).toEqual(['u00010']);
    expect(first.next).toBe(`u0${LOOKED_AT_PER_PAGE - 1}`);
    const second = (await list(`?search=needle&after=${first.next}`)).body;
    expect(second).toMatchObject({ users: [{ id: `u0${LOOKED_AT_PER_PAGE + 200}` }], next: null });
  });

  it('takes %, _, __proto__, unicode and any cursor as text', async () => {
    await seed([{ id: '__proto__', email: '100%@example.com' }, { id: 'a_b' }, { id: 'ünï' }]);
    expect(ids([(await list('?search=%25')).body])).toEqual(['__proto__']);
    expect(ids([(await list('?search=_')).body])).toEqual(['__proto__']);
    expect(ids([(await list('?search=__proto__')).body])).toEqual(['__proto__']);
    expect(ids([(await list(`?search=${encodeURIComponent('ün')}`)).body])).toEqual(['ünï']);
    expect(ids([(await list(`?after=${encodeURIComponent('a')}`)).body])).toEqual(['a_b', 'ünï']);
    expect(ids([(await list('?after=')).body])).toEqual(['__proto__', 'a_b', 'ünï']);
    expect(ids([(await list(`?after=${encodeURIComponent('\u{10FFFF}')}`)).body])).toEqual([]);
  });

  it('refuses a bad limit, search or cursor with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=1e308', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['search=', 'search'],
      [`search=${'x'.repeat(20_000)}`, 'search'],
      [`after=${'x'.repeat(256)}`, 'after'],
      ['sort=id', 'sort'],
    ] as const) {
      const res = await list(`?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(res.body.error, query).toContain(field);
    }
  });

  it("lists the calling key's account only", async () => {
    await seed([{ id: 'ada' }]);
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    await t.call('POST', '/admin/v1/metrics', { key: other.body.adminKey, body: [{ name: 'Lessons' }] });
    await seed([{ id: 'bob', email: 'ada@example.com' }], other.body.adminKey);
    expect(ids([(await list()).body])).toEqual(['ada']);
    expect(ids([(await list('', other.body.adminKey)).body])).toEqual(['bob']);
    expect(ids([(await list('?search=ada', other.body.adminKey)).body])).toEqual(['bob']);
    expect(ids([(await list('?search=bob')).body])).toEqual([]);
  });
});
