import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.js';

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
          status: 'active',
          completions: 0,
          rarity: 0,
          created: CREATED,
        },
      ],
      issues: [],
    });
    const done = await t.call('POST', '/v1/achievements/shared/complete', { body: { user: { id: 'ada' } } });
    expect(done.status).toBe(201);
  });

  it('reports each wrong item as an issue and answers 200 when nothing was created', async () => {
    await create([{ name: 'Taken', trigger: 'api' }]);
    const res = await create([
      { name: 'Taken', trigger: 'api' },
      { name: 'No metric', trigger: 'metric', metric: 'pages', threshold: 1 },
      { name: 'No threshold', trigger: 'metric', metric: 'lessons' },
      { name: 'Zero', trigger: 'streak', streakLength: 0 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: [],
      issues: [
        { index: 0, severity: 'error', message: 'Key already in use by another achievement' },
        { index: 1, severity: 'error', message: 'No metric has the key "pages"' },
        { index: 2, severity: 'error', message: 'A metric achievement needs a finite threshold' },
        { index: 3, severity: 'error', message: 'A streak achievement needs a streakLength of 1 or more' },
      ],
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
      issues: [{ id: 'nope', severity: 'error', message: 'Achievement not found by ID' }],
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
