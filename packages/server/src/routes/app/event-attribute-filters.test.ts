import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
  await t.call('POST', '/admin/v1/attributes', {
    key: t.adminKey,
    body: [
      { name: 'Device', key: 'device', type: 'event' },
      { name: 'Plan', key: 'plan', type: 'user' },
    ],
  });
});
afterEach(() => t.close());

const keys = (list: Array<{ key: string }>) => list.map((a) => a.key).sort();

describe('metric achievements filtered by event attributes (S25)', () => {
  it('count only the events whose attributes match, and are listed with their filters', async () => {
    const made = await t.call('POST', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [
        {
          name: 'Three on iOS',
          key: 'ios-three',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 3,
          eventAttributes: [{ key: 'device', value: 'ios' }],
        },
      ],
    });
    expect(made.body.issues).toEqual([]);
    expect(made.body.created[0].eventAttributes).toEqual([{ key: 'device', value: 'ios' }]);
    const record = (value: number, attributes?: Record<string, string>) =>
      t.call('POST', '/v1/metrics/lessons/event', {
        body: { user: { id: 'u' }, value, ...(attributes !== undefined ? { attributes } : {}) },
      });
    expect((await record(5)).body.achievements).toEqual([]);
    expect((await record(5, { device: 'web' })).body.achievements).toEqual([]);
    expect((await record(2, { device: 'ios' })).body.achievements).toEqual([]);
    const done = await record(1, { device: 'ios' });
    expect(done.status).toBe(201);
    expect(keys(done.body.achievements)).toEqual(['ios-three']);
    expect(done.body.achievements[0].eventAttributes).toEqual([{ key: 'device', value: 'ios' }]);
    const listed = await t.call('GET', '/v1/achievements');
    expect(listed.body[0].eventAttributes).toEqual([{ key: 'device', value: 'ios' }]);
    expect((await t.call('GET', '/v1/users/u')).body.totals).toEqual({ lessons: 13 });
  });

  it('complete, when added later or edited, for users whose earlier events already qualify', async () => {
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'ios' }, value: 4, attributes: { device: 'ios' } },
    });
    await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'web' }, value: 4, attributes: { device: 'web' } },
    });
    const made = await t.call('POST', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [
        {
          name: 'Four on the web',
          key: 'four',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 4,
          eventAttributes: [{ key: 'device', value: 'web' }],
        },
      ],
    });
    const id = made.body.created[0].id as string;
    const held = async (user: string) => keys((await t.call('GET', `/v1/users/${user}/achievements`)).body);
    await expect.poll(() => held('web'), { timeout: 10_000 }).toEqual(['four']);
    expect(await held('ios')).toEqual([]);
    const changed = await t.call('PATCH', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [{ id, eventAttributes: [{ key: 'device', value: 'ios' }] }],
    });
    expect(changed.body.issues).toEqual([]);
    await expect.poll(() => held('ios'), { timeout: 10_000 }).toEqual(['four']);
  });

  it('refuse filters on other triggers, undeclared or user attributes as event filters', async () => {
    const made = await t.call('POST', '/admin/v1/achievements', {
      key: t.adminKey,
      body: [
        { name: 'A', trigger: 'api', eventAttributes: [{ key: 'device', value: 'ios' }] },
        {
          name: 'B',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 1,
          eventAttributes: [{ key: 'plan', value: 'x' }],
        },
        { name: 'C', trigger: 'metric', metric: 'lessons', threshold: 1, eventAttributes: [{ key: 'os', value: 'x' }] },
      ],
    });
    expect(made.body.created).toEqual([]);
    expect(made.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'eventAttributes applies to metric achievements only',
      'eventAttributes: "plan" is not a declared event attribute',
      'eventAttributes: "os" is not a declared event attribute',
    ]);
  });
});

describe("a user's sets of event attributes", () => {
  it('are bounded: an event with one set too many answers 422 TOO_MANY_ATTRIBUTE_SETS, a batch makes it an issue of its item, and the rest is recorded', async () => {
    // 1,000 sets through the batch endpoint, ten requests of 100
    for (let b = 0; b < 10; b++) {
      const batch = await t.call('POST', '/admin/v1/metrics/events', {
        key: t.adminKey,
        body: Array.from({ length: 100 }, (_, i) => ({
          key: 'lessons',
          user: { id: 'u' },
          value: 1,
          attributes: { device: `d${b * 100 + i}` },
        })),
      });
      expect(batch.body).toEqual({ accepted: 100, issues: [] });
    }
    const refused = await t.call('POST', '/v1/metrics/lessons/event', {
      body: { user: { id: 'u' }, value: 1, attributes: { device: 'one-more' } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'TOO_MANY_ATTRIBUTE_SETS',
      error: expect.stringContaining('1000 sets'),
    });
    const mixed = await t.call('POST', '/admin/v1/metrics/events', {
      key: t.adminKey,
      body: [
        { key: 'lessons', user: { id: 'u' }, value: 1, attributes: { device: 'another' } },
        { key: 'lessons', user: { id: 'u' }, value: 1, attributes: { device: 'd7' } },
        { key: 'lessons', user: { id: 'u' }, value: 1 },
      ],
    });
    expect(mixed.body.accepted).toBe(2);
    expect(mixed.body.issues).toEqual([
      { index: 0, userId: 'u', severity: 'error', message: expect.stringContaining('one more set of attributes') },
    ]);
    expect((await t.call('GET', '/v1/users/u')).body.totals).toEqual({ lessons: 1002 });
  });
});
