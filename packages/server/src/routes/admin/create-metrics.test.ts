import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.js';
import { deriveKey } from '@kindling/core';

let t: TestServer;
const now = Date.parse('2026-03-02T10:00:00Z');
beforeEach(async () => {
  t = await startTestServer({ clock: () => now });
});
afterEach(() => t.close());

const create = (body: unknown) => t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body });

describe('POST /admin/v1/metrics', () => {
  it('creates metrics, deriving the key from the name, and answers 201 with them', async () => {
    const res = await create([{ name: 'Pages Read' }, { name: 'Quiz score', key: 'quiz_score' }]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      created: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          key: 'pages-read',
          name: 'Pages Read',
          status: 'active',
          unitType: 'number',
          units: '',
          total: 0,
          events: 0,
          lastEventAt: null,
          created: '2026-03-02T10:00:00.000Z',
        },
        {
          id: expect.any(String),
          key: 'quiz_score',
          name: 'Quiz score',
          status: 'active',
          unitType: 'number',
          units: '',
          total: 0,
          events: 0,
          lastEventAt: null,
          created: '2026-03-02T10:00:00.000Z',
        },
      ],
      issues: [],
    });
    const event = await t.call('POST', '/v1/metrics/pages-read/event', { body: { user: { id: 'ada' }, value: 3 } });
    expect(event.status).toBe(201);
  });

  it('reports a taken key and a malformed key as issues of their items and creates the rest', async () => {
    const res = await create([
      { name: 'Lessons' },
      { name: 'Bad', key: 'has space' },
      { name: 'Twice' },
      { name: 'twice!' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((m: { key: string }) => m.key)).toEqual(['twice']);
    expect(res.body.issues).toEqual([
      { index: 0, severity: 'error', message: 'Key already in use by another metric' },
      { index: 1, severity: 'error', message: 'Key must be 1 to 64 letters, digits, - or _' },
      { index: 3, severity: 'error', message: 'Key already in use by another metric' },
    ]);
  });

  it('makes an issue of each metric beyond 1,000, the most an account may have, and creates those before it', async () => {
    const accountId = t.server.firstStart!.account.id;
    await t.server.ctx.backend.control.changeConfig(accountId, (config) => ({
      ...config,
      metrics: [
        ...config.metrics,
        ...Array.from({ length: 998 }, (_, i) => ({
          id: `m${i}`,
          key: `m${i}`,
          name: `M${i}`,
          status: 'active' as const,
          created: '2026-01-01T00:00:00Z',
        })),
      ],
    }));
    const res = await create([{ name: 'Last one' }, { name: 'Too many' }, { name: 'Still too many' }]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((m: { key: string }) => m.key)).toEqual(['last-one']);
    expect(res.body.issues).toEqual([
      { index: 1, severity: 'error', message: 'An account may have at most 1000 metrics' },
      { index: 2, severity: 'error', message: 'An account may have at most 1000 metrics' },
    ]);
  });

  it('keeps a unit type and units, answers them, and lists them', async () => {
    const res = await create([
      { name: 'Revenue', unitType: 'currency', units: 'USD' },
      { name: 'Distance', unitType: 'number', units: 'km' },
      { name: 'Steps', units: 'steps' },
      { name: 'Count', unitType: null, units: null },
    ]);
    expect(res.status).toBe(201);
    const shown = (metrics: Array<{ key: string; unitType: string; units: string }>) =>
      metrics.map((m) => [m.key, m.unitType, m.units]);
    expect(shown(res.body.created)).toEqual([
      ['revenue', 'currency', 'USD'],
      ['distance', 'number', 'km'],
      ['steps', 'number', 'steps'],
      ['count', 'number', ''],
    ]);
    const listed = await t.call('GET', '/admin/v1/metrics?limit=100', { key: t.adminKey });
    expect(shown(listed.body).slice(1)).toEqual(shown(res.body.created));
  });

  it('makes an issue of an unknown unit type and of currency units that are no currency code, and creates the rest', async () => {
    const res = await create([
      { name: 'Weird', unitType: 'percent' },
      { name: 'Money', unitType: 'currency', units: 'dollars' },
      { name: 'Bare money', unitType: 'currency' },
      { name: 'Euros', unitType: 'currency', units: 'eur' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((m: { key: string; units: string }) => [m.key, m.units])).toEqual([['euros', 'EUR']]);
    expect(res.body.issues).toEqual([
      { index: 0, severity: 'error', message: 'unitType must be "number" or "currency", got "percent"' },
      {
        index: 1,
        severity: 'error',
        message: 'units of a currency metric must be a currency code such as USD, got "dollars"',
      },
      {
        index: 2,
        severity: 'error',
        message: 'units of a currency metric must be a currency code such as USD, got ""',
      },
    ]);
  });

  it('answers 200 when nothing was created', async () => {
    const res = await create([{ name: 'Lessons' }]);
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual([]);
  });

  it.each(['W\u001b[2J', 'two\nlines', 'bell\u0007', 'rev\u202eersed', 'x'.repeat(256)])(
    'refuses a name a terminal or a page would act on, or over 255 characters (%j), naming it',
    async (name) => {
      const res = await create([{ name, key: 'safe' }]);
      expect(res).toMatchObject({ status: 422, body: { code: 'INVALID_INPUT' } });
      expect(res.body.error).toMatch(/name/);
    },
  );

  it('refuses a body that is not an array of 1 to 100 items', async () => {
    expect((await create([])).status).toBe(422);
    expect((await create(Array.from({ length: 101 }, (_, i) => ({ name: `m${i}` })))).status).toBe(422);
    expect((await create({ name: 'x' })).status).toBe(422);
  });
});

describe('deriveKey', () => {
  it('lower-cases, drops diacritics, turns runs of other characters into one dash and trims', () => {
    expect(deriveKey('  Crème Brûlée -- Count!  ')).toBe('creme-brulee-count');
    expect(deriveKey('x'.repeat(70))).toHaveLength(64);
    expect(deriveKey(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
    expect(deriveKey('日本')).toBe('');
  });
});
