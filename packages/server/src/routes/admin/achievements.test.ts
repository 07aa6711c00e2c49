import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
let now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T10:00:00Z');
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const CREATED = '2026-03-02T10:00:00.000Z';
const create = (body: unknown) => t.call('POST', '/admin/v1/achievements', { key: t.adminKey, body });
const list = (query = '') => t.call('GET', `/admin/v1/achievements${query}`, { key: t.adminKey });

describe('POST /admin/v1/achievements', () => {
  it('creates metric, streak and api achievements and answers 201 with them', async () => {
    const res = await create([
      { name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 },
      { name: 'Week streak', key: 'week', trigger: 'streak', streakLength: 7 },
      { name: 'Shared', trigger: 'api' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      created: [
        {
          id: expect.any(String),
          key: 'ten-lessons',
          name: 'Ten lessons',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 10,
          eventAttributes: [],
          badgeUrl: null,
          userAttributes: [],
          status: 'active',
          completions: 0,
          rarity: 0,
          created: CREATED,
        },
        {
          id: expect.any(String),
          key: 'week',
          name: 'Week streak',
          trigger: 'streak',
          streakLength: 7,
          badgeUrl: null,
          userAttributes: [],
          status: 'active',
          completions: 0,
          rarity: 0,
          created: CREATED,
        },
        {
          id: expect.any(String),
          key: 'shared',
          name: 'Shared',
          trigger: 'api',
          badgeUrl: null,
          userAttributes: [],
          status: 'active',
          completions: 0,
          rarity: 0,
          created: CREATED,
        },
      ],
      issues: [],
      // a metric achievement made active: users who already qualify get it by a rebuild
      rebuild: expect.objectContaining({ status: 'running' }),
    });
    const done = await t.call('POST', '/v1/achievements/shared/complete', { body: { user: { id: 'ada' } } });
    expect(done.status).toBe(201);
  });

  it('makes an issue of an achievement beyond 1,000, the most an account may have', async () => {
    const accountId = t.server.firstStart!.account.id;
    await t.server.ctx.backend.control.changeConfig(accountId, (config) => ({
      ...config,
      achievements: Array.from({ length: 1000 }, (_, i) => ({
        id: `a${i}`,
        key: `a${i}`,
        name: `A${i}`,
        trigger: 'api' as const,
        metric: null,
        threshold: null,
        streakLength: null,
        prerequisites: null,
        badgeUrl: null,
        status: 'active' as const,
        created: CREATED,
      })),
    }));
    const res = await create([{ name: 'One more', trigger: 'api' }]);
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual([
      { index: 0, severity: 'error', message: 'An account may have at most 1000 achievements' },
    ]);
  });

  it('reports each wrong item as an issue and answers 200 when nothing was created', async () => {
    await create([{ name: 'Taken', trigger: 'api' }]);
    const res = await create([
      { name: 'Taken', trigger: 'api' },
      { name: 'No metric', trigger: 'metric', metric: 'pages', threshold: 1 },
      { name: 'No threshold', trigger: 'metric', metric: 'lessons' },
      { name: 'Zero', trigger: 'streak', streakLength: 0 },
      // a total of 0 or below is every user's before their first event: everyone would have it at once
      { name: 'Nothing', trigger: 'metric', metric: 'lessons', threshold: 0 },
      { name: 'Below', trigger: 'metric', metric: 'lessons', threshold: -100 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: [],
      issues: [
        { index: 0, severity: 'error', message: 'Key already in use by another achievement' },
        { index: 1, severity: 'error', message: 'No metric has the key "pages"' },
        { index: 2, severity: 'error', message: 'A metric achievement needs a finite threshold above 0' },
        { index: 3, severity: 'error', message: 'A streak achievement needs a streakLength of 1 or more' },
        { index: 4, severity: 'error', message: 'A metric achievement needs a finite threshold above 0' },
        { index: 5, severity: 'error', message: 'A metric achievement needs a finite threshold above 0' },
      ],
      rebuild: null,
    });
  });

  it('refuses a streak achievement while no streak rule is configured', async () => {
    const second = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'second' } });
    const res = await t.call('POST', '/admin/v1/achievements', {
      key: second.body.adminKey,
      body: [{ name: 'Week', trigger: 'streak', streakLength: 7 }],
    });
    expect(res.body.issues).toEqual([
      { index: 0, severity: 'error', message: 'Configure the streak rule before creating streak achievements' },
    ]);
  });
});

describe('GET /admin/v1/achievements', () => {
  it('lists achievements with completions and rarity among the users', async () => {
    await create([
      { name: 'First', trigger: 'metric', metric: 'lessons', threshold: 1 },
      { name: 'Five', trigger: 'metric', metric: 'lessons', threshold: 5 },
    ]);
    for (const [id, value] of [
      ['ada', 1],
      ['bob', 1],
      ['cy', 1],
      ['dan', 5],
    ] as const) {
      await t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value } });
    }
    const res = await list();
    expect(res.status).toBe(200);
    expect(
      res.body.map((a: { key: string; completions: number; rarity: number }) => [a.key, a.completions, a.rarity]),
    ).toEqual([
      ['first', 4, 100],
      ['five', 1, 25],
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      key: 'first',
      name: 'First',
      trigger: 'metric',
      metric: 'lessons',
      threshold: 1,
      eventAttributes: [],
      badgeUrl: null,
      userAttributes: [],
      status: 'active',
      completions: 4,
      rarity: 100,
      created: CREATED,
    });
  });
});

describe('DELETE /admin/v1/achievements?ids=', () => {
  it('archives achievements: they leave the list unless archived ones are asked for', async () => {
    const made = await create([
      { name: 'A', trigger: 'api' },
      { name: 'B', trigger: 'api' },
    ]);
    const [a, b] = made.body.created.map((x: { id: string }) => x.id);
    const res = await t.call('DELETE', `/admin/v1/achievements?ids=${a}&ids=nope`, { key: t.adminKey });
    expect(res.body).toEqual({
      deleted: [{ id: a }],
      issues: [{ id: 'nope', severity: 'error', message: 'id must be a valid UUID' }],
    });
    expect((await list()).body.map((x: { id: string }) => x.id)).toEqual([b]);
    expect(
      (await list('?includeArchived=true')).body.map((x: { id: string; status: string }) => [x.id, x.status]),
    ).toEqual([
      [a, 'archived'],
      [b, 'active'],
    ]);
    const complete = await t.call('POST', '/v1/achievements/a/complete', { body: { user: { id: 'ada' } } });
    expect(complete.status).toBe(404);
  });
});

const patch = (body: unknown, key = t.adminKey) => t.call('PATCH', '/admin/v1/achievements', { key, body });
const event = (id: string, value: number) =>
  t.call('POST', '/v1/metrics/lessons/event', { body: { user: { id }, value } });
const appList = async () =>
  (await t.call('GET', '/v1/achievements')).body.map((a: { key: string; completions: number; rarity: number }) => [
    a.key,
    a.completions,
    a.rarity,
  ]);
const heldBy = async (id: string) =>
  (await t.call('GET', `/v1/users/${id}/achievements`)).body.map((a: { key: string }) => a.key);

async function rebuildWhenSettled(): Promise<{ status: string; done: number; total: number }> {
  for (let poll = 0; poll < 500; poll++) {
    const res = await t.call('GET', '/admin/v1/streak/rebuild', { key: t.adminKey });
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the rebuild did not finish');
}

describe('composite achievements and badges', () => {
  it('makes a composite of achievements made before or in the same body, with a badge, and gives its prerequisites as ids on the wire', async () => {
    const first = await create([{ name: 'Opened', trigger: 'api' }]);
    const res = await create([
      { name: 'Five', trigger: 'metric', metric: 'lessons', threshold: 5, badgeUrl: 'https://cdn.example.com/5.png' },
      { name: 'Both', trigger: 'achievement', prerequisites: ['opened', 'five'] },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created[1]).toMatchObject({
      key: 'both',
      trigger: 'achievement',
      prerequisites: ['opened', 'five'],
      badgeUrl: null,
    });
    const ids = { opened: first.body.created[0].id, five: res.body.created[0].id };
    const wire = (await t.call('GET', '/v1/achievements')).body;
    expect(wire.find((a: { key: string }) => a.key === 'both')).toEqual({
      id: res.body.created[1].id,
      key: 'both',
      name: 'Both',
      trigger: 'achievement',
      description: null,
      badgeUrl: null,
      achievementIds: [ids.opened, ids.five],
      userAttributes: [],
      completions: 0,
      rarity: 0,
    });
    expect(wire.find((a: { key: string }) => a.key === 'five')).toMatchObject({
      badgeUrl: 'https://cdn.example.com/5.png',
    });
    expect(wire.find((a: { key: string }) => a.key === 'five')).not.toHaveProperty('achievementIds');
    // the composite completes with its last prerequisite, in the event's answer
    await t.call('POST', '/v1/achievements/opened/complete', { body: { user: { id: 'ada' } } });
    const done = await event('ada', 5);
    expect(done.body.achievements.map((a: { key: string }) => a.key)).toEqual(['five', 'both']);
  });

  it('refuses, as issues naming them, bad prerequisites, a cycle and a badge that is not an https URL', async () => {
    await create([
      { name: 'Opened', trigger: 'api' },
      { name: 'Gone', trigger: 'api' },
    ]);
    const gone = (await list()).body.find((a: { key: string }) => a.key === 'gone').id;
    await t.call('DELETE', `/admin/v1/achievements?ids=${gone}`, { key: t.adminKey });
    const res = await create([
      { name: 'A', trigger: 'achievement', prerequisites: ['nope'] },
      { name: 'B', trigger: 'achievement', prerequisites: ['gone'] },
      { name: 'C', trigger: 'achievement' },
      { name: 'D', trigger: 'achievement', prerequisites: ['d'] },
      { name: 'E', trigger: 'api', prerequisites: ['opened'] },
      { name: 'F', trigger: 'api', badgeUrl: 'http://cdn.example.com/f.png' },
      { name: 'G', trigger: 'api', badgeUrl: 'javascript:alert(1)' },
      { name: 'H', trigger: 'api', badgeUrl: 'https://user:pw@cdn.example.com/h.png' },
      { name: 'I', trigger: 'achievement', prerequisites: ['opened', 'opened'] },
      { name: 'J', trigger: 'api', badgeUrl: 'https://cdn.example.com/\r\nj.png' },
      { name: 'K', trigger: 'api', badgeUrl: 'https://cdn.example.com/k.png\u0000' },
    ]);
    expect(res.body.issues.map((i: { index: number; message: string }) => [i.index, i.message])).toEqual([
      [0, 'No achievement has the key "nope"'],
      [1, 'The achievement "gone" is archived'],
      [2, 'A composite achievement needs prerequisites: the keys of 1 to 50 achievements'],
      [3, 'No achievement has the key "d"'],
      [4, 'prerequisites are for composite achievements (trigger achievement) only'],
      [5, 'badgeUrl must be an absolute https:// URL'],
      [6, 'badgeUrl must be an absolute https:// URL'],
      [7, 'badgeUrl must not carry a user name or password'],
      // named by the item's key: the engine's place for it among the account's achievements is in no request
      [8, 'The achievement "i": prerequisites lists "opened" twice'],
      [9, 'badgeUrl must hold no spaces, control characters or direction overrides'],
      [10, 'badgeUrl must hold no spaces, control characters or direction overrides'],
    ]);
    const tooLong = await create([{ name: 'J', trigger: 'api', badgeUrl: `https://x.example/${'a'.repeat(2000)}` }]);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    expect(tooLong.body.error).toContain('badgeUrl');
    const many = await create([{ name: 'K', trigger: 'achievement', prerequisites: Array(51).fill('opened') }]);
    expect(many).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    expect(many.body.error).toContain('prerequisites');

    // a cycle can only be made by changing a composite: refused with the engine's reason
    const made = await create([
      { name: 'X', trigger: 'achievement', prerequisites: ['opened'] },
      { name: 'Y', trigger: 'achievement', prerequisites: ['x'] },
    ]);
    const x = made.body.created[0].id;
    const cycle = await patch([{ id: x, prerequisites: ['y'] }]);
    expect(cycle.body).toEqual({
      updated: [],
      issues: [{ id: x, severity: 'error', message: expect.stringContaining('cycle of prerequisites: x → y → x') }],
      rebuild: null,
    });
    expect(cycle.body.issues[0].message).not.toMatch(/achievements\[\d+\]/);
    const own = await patch([{ id: x, prerequisites: ['x'] }]);
    expect(own.body.issues).toEqual([
      { id: x, severity: 'error', message: 'The achievement "x": the achievement "x" cannot be its own prerequisite' },
    ]);
    // and a prerequisite a live composite lists is not archived
    const opened = (await list()).body.find((a: { key: string }) => a.key === 'opened').id;
    const archive = await t.call('DELETE', `/admin/v1/achievements?ids=${opened}`, { key: t.adminKey });
    expect(archive.body).toEqual({
      deleted: [],
      issues: [{ id: opened, severity: 'error', message: 'The achievement is a prerequisite of "x"' }],
    });
  });
});

describe('PATCH /admin/v1/achievements', () => {
  it('activating an achievement completes it, in a background rebuild, for exactly the users who qualify, counted in the stats, with no webhook', async () => {
    const hook = await t.call('POST', '/admin/v1/webhooks', {
      key: t.adminKey,
      body: { url: 'https://hooks.example.com/achievements', types: ['achievement.completed'] },
    });
    expect(hook.status).toBe(201);
    for (const [id, value] of [
      ['ada', 6],
      ['bob', 2],
      ['cy', 9],
      ['dan', 1],
    ] as const)
      await event(id, value);
    const made = await create([
      { name: 'Five', trigger: 'metric', metric: 'lessons', threshold: 5, status: 'inactive' },
      { name: 'Five and more', trigger: 'achievement', prerequisites: ['five'], status: 'inactive' },
    ]);
    expect(made.body.rebuild).toBeNull();
    expect(made.body.created.map((a: { status: string }) => a.status)).toEqual(['inactive', 'inactive']);
    // inactive: in no list of the app API, completed by no event
    expect(await appList()).toEqual([]);
    expect((await event('bob', 5)).body.achievements).toEqual([]);

    now += 60_000;
    const [five, more] = made.body.created.map((a: { id: string }) => a.id);
    const res = await patch([
      { id: five, status: 'active' },
      { id: more, status: 'active', badgeUrl: 'https://cdn.example.com/more.png' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual([]);
    expect(res.body.updated.map((a: { key: string; status: string }) => [a.key, a.status])).toEqual([
      ['five', 'active'],
      ['five-and-more', 'active'],
    ]);
    expect(res.body.rebuild).toMatchObject({ status: 'running' });
    expect(await rebuildWhenSettled()).toMatchObject({ status: 'done', done: 4, total: 4 });

    for (const id of ['ada', 'bob', 'cy']) expect(await heldBy(id)).toEqual(['five', 'five-and-more']);
    expect(await heldBy('dan')).toEqual([]);
    const achievedAt = (await t.call('GET', '/v1/users/ada/achievements')).body[0].achievedAt;
    expect(achievedAt).toBe(new Date(now).toISOString());
    expect(await appList()).toEqual([
      ['five', 3, 75],
      ['five-and-more', 3, 75],
    ]);
    // silent: the outbox the webhooks are sent from holds no news of these completions
    const store = t.server.ctx.backend.storeFor(t.server.firstStart?.account.id as string);
    const news = (await store.readOutbox(1000)).map((r) => r.entry.change.type);
    expect(news.length).toBeGreaterThan(0);
    expect(news).not.toContain('achievement.completed');
    // a renamed achievement changes no completion: no rebuild
    expect((await patch([{ id: five, name: 'Five lessons' }])).body).toMatchObject({
      updated: [{ name: 'Five lessons', completions: 3, rarity: 75 }],
      rebuild: null,
    });
  });

  it('lowering a live threshold completes it for the users who now qualify; they keep it when it rises again', async () => {
    await event('ada', 3);
    await event('bob', 1);
    const made = await create([{ name: 'Ten', trigger: 'metric', metric: 'lessons', threshold: 10 }]);
    await rebuildWhenSettled();
    const ten = made.body.created[0].id;
    expect((await patch([{ id: ten, threshold: 3 }])).body.rebuild).toMatchObject({ status: 'running' });
    await rebuildWhenSettled();
    expect([await heldBy('ada'), await heldBy('bob')]).toEqual([['ten'], []]);
    await patch([{ id: ten, threshold: 10 }]);
    await rebuildWhenSettled();
    expect([await heldBy('ada'), await heldBy('bob')]).toEqual([['ten'], []]);
  });

  it('moves statuses inactive → active ↔ locked only, and refuses fields of another trigger', async () => {
    const made = await create([
      { name: 'Api', trigger: 'api' },
      { name: 'Later', trigger: 'api', status: 'inactive' },
      { name: 'Run', trigger: 'streak', streakLength: 3 },
    ]);
    const [api, later, run] = made.body.created.map((a: { id: string }) => a.id);
    const res = await patch([
      { id: api, status: 'inactive' },
      { id: later, status: 'locked' },
      { id: run, threshold: 4 },
      { id: api, streakLength: 4 },
      { id: api, prerequisites: ['run'] },
      { id: run, streakLength: 0 },
      { id: api, name: '  ' },
      { id: 'nope', name: 'X' },
      { id: api, status: 'locked' },
    ]);
    expect(res.body.issues.map((i: { id: string; message: string }) => [i.id, i.message])).toEqual([
      [api, 'An achievement that was active cannot become inactive again; lock it instead'],
      [later, 'Activate an inactive achievement before locking it'],
      [run, 'threshold applies to metric achievements only'],
      [api, 'streakLength applies to streak achievements only'],
      [api, 'prerequisites applies to composite (trigger achievement) achievements only'],
      [run, 'A streak achievement needs a streakLength of 1 or more'],
      [api, 'Name must not be blank'],
      ['nope', 'Achievement not found by ID'],
    ]);
    expect(res.body.updated.map((a: { key: string; status: string }) => [a.key, a.status])).toEqual([
      ['api', 'locked'],
    ]);
    expect((await patch([{ id: api, status: 'active' }])).body.updated[0].status).toBe('active');
    expect((await patch([{ id: api }])).status).toBe(400);
  });

  it("changes no achievement of another account: another account's id is not found", async () => {
    const made = await create([{ name: 'Mine', trigger: 'api' }]);
    const id = made.body.created[0].id;
    const other = await t.call('POST', '/admin/v1/accounts', { key: t.adminKey, body: { name: 'acme' } });
    const res = await patch([{ id, status: 'locked' }], other.body.adminKey);
    expect(res.body).toEqual({
      updated: [],
      issues: [{ id, severity: 'error', message: 'Achievement not found by ID' }],
      rebuild: null,
    });
    expect((await list()).body[0].status).toBe('active');
  });
});

describe('locked achievements', () => {
  it('are shown only to the users who hold them, complete for no one new, and stay held', async () => {
    const made = await create([
      { name: 'Five', trigger: 'metric', metric: 'lessons', threshold: 5 },
      { name: 'Hello', trigger: 'api' },
    ]);
    await event('ada', 5);
    await t.call('POST', '/v1/achievements/hello/complete', { body: { user: { id: 'ada' } } });
    await event('bob', 1);
    const [five, hello] = made.body.created.map((a: { id: string }) => a.id);
    expect(
      (
        await patch([
          { id: five, status: 'locked' },
          { id: hello, status: 'locked' },
        ])
      ).body.issues,
    ).toEqual([]);
    await rebuildWhenSettled();

    expect(await appList()).toEqual([]);
    expect(await heldBy('ada')).toEqual(['five', 'hello']);
    const bobs = (await t.call('GET', '/v1/users/bob/achievements?includeIncomplete=true')).body;
    expect(bobs).toEqual([]);
    expect((await event('bob', 10)).body.achievements).toEqual([]);
    expect(await heldBy('bob')).toEqual([]);
    const again = await t.call('POST', '/v1/achievements/hello/complete', { body: { user: { id: 'ada' } } });
    expect(again.status).toBe(201);
    const locked = await t.call('POST', '/v1/achievements/hello/complete', { body: { user: { id: 'bob' } } });
    expect(locked).toMatchObject({ status: 409, body: { code: 'ACHIEVEMENT_LOCKED' } });
    // the admin list shows them with their holders
    expect(
      (await list()).body.map((a: { key: string; status: string; completions: number }) => [
        a.key,
        a.status,
        a.completions,
      ]),
    ).toEqual([
      ['five', 'locked', 1],
      ['hello', 'locked', 1],
    ]);
  });
});
