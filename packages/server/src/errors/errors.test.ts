import { ConfigError, FeatureOffError, InvalidInputError, NotFoundError, StoreError } from '@kindling/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigConflictError, ConflictError, InvalidRequestError, ServiceError } from './service-errors.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { BODY_LIMIT } from '../app.js';
import { ERROR_CODE_LIST, ERROR_CODES } from './error-codes.js';
import { HttpError, toErrorReply } from './errors.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: () => Date.parse('2026-03-02T10:00:00Z') });
});
afterAll(() => t.close());

const EVENT = '/v1/metrics/lessons/event';

/** The status and body of a refused request, checking that the body is exactly `{ error, code }`. */
function refusal(res: { status: number; body: any }) {
  expect(Object.keys(res.body).sort()).toEqual(['code', 'error']);
  expect(typeof res.body.error).toBe('string');
  expect(typeof res.body.code).toBe('string');
  return { status: res.status, code: res.body.code as string, error: res.body.error as string };
}

function event(body: unknown, headers?: Record<string, string>) {
  return t.call('POST', EVENT, { body, ...(headers ? { headers } : {}) });
}

describe('refusing bad input with 400 (422 where the hosted API documents it) and a code', () => {
  it('answers 404 UNKNOWN_METRIC for an event on a metric that does not exist', async () => {
    expect(
      refusal(await t.call('POST', '/v1/metrics/no-such-metric/event', { body: { user: { id: 'ada' }, value: 1 } })),
    ).toMatchObject({ status: 404, code: 'UNKNOWN_METRIC' });
  });

  it('answers 400 INVALID_JSON for a body that is not JSON', async () => {
    expect(refusal(await event('{"user": {"id": "ada"}, "value": 1'))).toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
    });
  });

  it('answers 400 when user.id is missing', async () => {
    const res = refusal(await event({ user: {}, value: 1 }));
    expect(res).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    expect(res.error).toMatch(/id/);
  });

  it('answers 400 for a user id of 256 characters and accepts one of 255', async () => {
    expect(refusal(await event({ user: { id: 'x'.repeat(256) }, value: 1 }))).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    expect((await event({ user: { id: 'y'.repeat(255) }, value: 1 })).status).toBe(201);
  });

  it.each([
    ['missing', {}],
    ['a string', { value: '1' }],
    ['null', { value: null }],
  ])('answers 400 when value is %s', async (_name, value) => {
    const res = refusal(await event({ user: { id: 'ada' }, ...value }));
    expect(res).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    expect(res.error).toMatch(/value/);
  });

  it('answers 400 when value is 1e999, which JSON.parse reads as Infinity', async () => {
    const res = refusal(await event('{"user":{"id":"ada"},"value":1e999}'));
    expect(res).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    expect(res.error).toMatch(/value/);
  });

  it('answers 400 INVALID_TIME_ZONE naming an unknown time zone', async () => {
    const res = refusal(await event({ user: { id: 'ada', tz: 'Mars/Olympus_Mons' }, value: 1 }));
    expect(res).toMatchObject({ status: 400, code: 'INVALID_TIME_ZONE' });
    expect(res.error).toContain('Mars/Olympus_Mons');
  });

  it('answers 400 INVALID_TIME_ZONE to an abbreviation the runtime would map to a zone hours away ("BST": Dhaka)', async () => {
    const res = refusal(await event({ user: { id: 'bst-user', tz: 'BST' }, value: 1 }));
    expect(res).toMatchObject({ status: 400, code: 'INVALID_TIME_ZONE' });
    expect((await t.call('GET', '/v1/users/bst-user')).status).toBe(404);
  });

  // the streak read documents invalid input as 422 (input-status.test.ts)
  it.each(['0', '367', 'abc', '1.5', '-1'])('answers 422 for historyPeriods=%s', async (n) => {
    const res = refusal(await t.call('GET', `/v1/users/ada/streak?historyPeriods=${n}`));
    expect(res).toMatchObject({ status: 422, code: 'INVALID_INPUT' });
    expect(res.error).toMatch(/historyPeriods/);
  });

  // Ajv's coercion from text reads anything with x == +x as a number: hexadecimal, exponents, padding, a sign.
  it.each(['0x10', '1e1', '%205', '5%20', '010', '+5', '0b11', '5.0'])(
    'answers 422 for historyPeriods=%s, a number not written in plain decimal digits',
    async (n) => {
      const res = refusal(await t.call('GET', `/v1/users/ada/streak?historyPeriods=${n}`));
      expect(res).toMatchObject({ status: 422, code: 'INVALID_INPUT' });
      expect(res.error).toMatch(/historyPeriods/);
    },
  );

  it.each([1, 366])('answers historyPeriods=%i with that many periods', async (n) => {
    const res = await t.call('GET', `/v1/users/ada/streak?historyPeriods=${n}`);
    expect(res.status).toBe(200);
    expect(res.body.streakHistory).toHaveLength(n);
  });

  it('answers 413 BODY_TOO_LARGE for a body over 64 KB', async () => {
    const body = JSON.stringify({ user: { id: 'ada' }, value: 1, pad: 'x'.repeat(BODY_LIMIT) });
    expect(refusal(await event(body))).toMatchObject({ status: 413, code: 'BODY_TOO_LARGE' });
  });

  it('answers 404 NOT_FOUND with the error shape for a path no route has', async () => {
    expect(refusal(await t.call('GET', '/v1/nothing/here'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('answers 414 URL_TOO_LONG with the error shape for a path segment over 16 KB', async () => {
    expect(refusal(await t.call('GET', `/v1/users/${'a'.repeat(20_000)}/streak`))).toMatchObject({
      status: 414,
      code: 'URL_TOO_LONG',
    });
  });

  it('answers 400 BAD_URL with the error shape for a path with broken percent-encoding', async () => {
    expect(refusal(await t.call('GET', '/v1/users/%E0%A4%A/streak'))).toMatchObject({ status: 400, code: 'BAD_URL' });
  });
});

describe('mapping store failures', () => {
  it('answers 503 STORE_UNAVAILABLE with Retry-After for a StoreError, and 500 INTERNAL only for anything else', () => {
    expect(toErrorReply(new StoreError('redis did not answer within 2000 ms on k'))).toEqual({
      status: 503,
      body: { code: 'STORE_UNAVAILABLE', error: 'the store is unavailable; try again in 1 s' },
      headers: { 'retry-after': '1' },
    });
    expect(toErrorReply(new Error('Connection is closed.'))).toMatchObject({ status: 500, body: { code: 'INTERNAL' } });
  });

  it('answers 500 STORE_DAMAGED without Retry-After for a lasting StoreError (a corrupted file): trying again cannot help', () => {
    const failure = new StoreError('SQLite file "k.db": is corrupted (database disk image is malformed)', {
      lasting: true,
    });
    expect(toErrorReply(failure)).toEqual({
      status: 500,
      body: { code: 'STORE_DAMAGED', error: expect.stringMatching(/damaged/) },
      headers: {},
    });
    expect(toErrorReply(failure).body.error).not.toMatch(/k\.db/);
  });
});

describe('mapping each class of error', () => {
  it("answers a core error with its code, its code's status and its own message", () => {
    const cases = [
      [new InvalidInputError('INVALID_DATE', 'from must be a date'), 400],
      [new InvalidInputError('SUM_OUT_OF_RANGE', 'the sum would be too big'), 422],
      [new FeatureOffError('PERSONALIZATION_OFF', 'the rule lets users choose nothing'), 403],
      [new NotFoundError('UNKNOWN_PAUSE', 'no pause "p1"'), 404],
      [new ConfigError('rules[0].key: missing'), 400],
    ] as const;
    for (const [error, status] of cases)
      expect(toErrorReply(error)).toEqual({ status, body: { code: error.code, error: error.message }, headers: {} });
  });

  it("answers a server error of any listed code with the code's status, and its message or the code's default", () => {
    for (const code of ERROR_CODE_LIST) {
      expect(toErrorReply(new ServiceError(code))).toEqual({
        status: ERROR_CODES[code].status,
        body: { code, error: ERROR_CODES[code].message },
        headers: {},
      });
      expect(toErrorReply(new ServiceError(code, 'said here')).body).toEqual({ code, error: 'said here' });
    }
  });

  it('answers the runtime and control refusals by their class, with no headers but an HttpError’s own', () => {
    expect(toErrorReply(new InvalidRequestError('EVENT_IN_FUTURE', 'at is ahead'))).toEqual({
      status: 422,
      body: { code: 'EVENT_IN_FUTURE', error: 'at is ahead' },
      headers: {},
    });
    expect(toErrorReply(new InvalidRequestError('INVALID_ATTRIBUTES', 'x')).status).toBe(400);
    expect(toErrorReply(new ConflictError('METRIC_ARCHIVED', 'archived')).status).toBe(409);
    expect(toErrorReply(new ConfigConflictError('account a changed'))).toEqual({
      status: 409,
      body: { code: 'CONFIG_CONFLICT', error: 'account a changed' },
      headers: {},
    });
    expect(toErrorReply(new HttpError('RATE_LIMITED', 'retry in 2 s', { headers: { 'retry-after': '2' } }))).toEqual({
      status: 429,
      body: { code: 'RATE_LIMITED', error: 'retry in 2 s' },
      headers: { 'retry-after': '2' },
    });
  });

  it('answers 422 for an input code on a route that says invalidInput 422, and never for another kind', () => {
    expect(toErrorReply(new InvalidRequestError('INVALID_ATTRIBUTES', 'x'), 422).status).toBe(422);
    expect(toErrorReply(new InvalidInputError('INVALID_TIME_ZONE', 'x'), 422).status).toBe(422);
    expect(toErrorReply(new ConfigError('x'), 422).status).toBe(422);
    expect(toErrorReply(new FeatureOffError('PERSONALIZATION_OFF', 'x'), 422).status).toBe(403);
    expect(toErrorReply(new NotFoundError('UNKNOWN_USER', 'x'), 422).status).toBe(404);
    expect(toErrorReply(new ConflictError('ACHIEVEMENT_LOCKED', 'x'), 422).status).toBe(409);
    expect(toErrorReply(new HttpError('INVALID_JSON'), 422).status).toBe(400);
  });
});

describe('damaged records of the control plane', () => {
  // A SyntaxError that reaches the error layer is no body's: the body parser answers its own.
  it('answers 500 INTERNAL to a SyntaxError from anywhere but the body parser, never INVALID_JSON', () => {
    expect(toErrorReply(new SyntaxError('Unexpected token \'g\', "garbage" is not valid JSON'))).toMatchObject({
      status: 500,
      body: { code: 'INTERNAL' },
    });
  });

  it("answers 500 STORE_DAMAGED to a read of an account's damaged configuration, not 400 INVALID_JSON", async () => {
    const d = await startTestServer();
    try {
      const accountId = d.server.firstStart?.account.id as string;
      await d.server.ctx.backend.control.kv.put(`config:${accountId}`, 'garbage');
      const res = await d.call('GET', '/admin/v1/streak', { key: d.adminKey });
      expect([res.status, res.body.code]).toEqual([500, 'STORE_DAMAGED']);
      expect(res.body.error).not.toMatch(/garbage/);
    } finally {
      await d.close();
    }
  });
});

describe('what a failure tells the client', () => {
  it("names no file, address or key of the server's store: those go to the server's log", () => {
    const failure = new StoreError(
      'SQLite file "/srv/kindling/data/control.db": cannot grow: the disk is full (database or disk is full)',
    );
    const answer = toErrorReply(failure);
    expect(answer.status).toBe(503);
    expect(answer.body.error).not.toMatch(/\/srv|control\.db|disk/);
  });
});

describe('bodies that are not JSON', () => {
  it.each([
    ['no Content-Type', {}],
    ['Content-Type: text/plain', { 'content-type': 'text/plain' }],
    ['Content-Type: application/x-www-form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])(
    'answer a body with %s with 415 UNSUPPORTED_MEDIA_TYPE saying to send Content-Type: application/json',
    async (_name, headers) => {
      const res = await t.server.app.inject({
        method: 'POST',
        url: EVENT,
        headers: { 'x-api-key': t.appKey, ...headers },
        payload: Buffer.from(JSON.stringify({ user: { id: 'ada' }, value: 1 })),
      });
      const answer = refusal({ status: res.statusCode, body: JSON.parse(res.body) });
      expect(answer).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(answer.error).toContain('Content-Type: application/json');
    },
  );

  it.each(['utf-16', 'latin1', 'UTF-16LE'])(
    'answer JSON declared in charset %s with 415 (JSON is UTF-8, RFC 8259), never read as UTF-8',
    async (charset) => {
      const res = await t.server.app.inject({
        method: 'POST',
        url: EVENT,
        headers: { 'x-api-key': t.appKey, 'content-type': `application/json; charset=${charset}` },
        payload: Buffer.from(JSON.stringify({ user: { id: 'ada' }, value: 1 })),
      });
      const answer = refusal({ status: res.statusCode, body: JSON.parse(res.body) });
      expect(answer).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(answer.error).toMatch(/UTF-8/);
    },
  );

  // Two ids written with bytes that are no UTF-8 each read as "utf" and U+FFFD: one user of two.
  it.each([
    ['a lone continuation byte', [0xff]],
    ['an overlong lead byte', [0xc0]],
    ['a cut sequence', [0xe2, 0x82]],
  ])(
    'answer a body that is not UTF-8 (%s) with 400 INVALID_JSON, never as text with U+FFFD in it',
    async (_what, bytes) => {
      const payload = Buffer.concat([
        Buffer.from('{"user":{"id":"utf'),
        Buffer.from(bytes),
        Buffer.from('"},"value":1}'),
      ]);
      const res = await t.server.app.inject({
        method: 'POST',
        url: EVENT,
        headers: { 'x-api-key': t.appKey, 'content-type': 'application/json' },
        payload,
      });
      const answer = refusal({ status: res.statusCode, body: JSON.parse(res.body) });
      expect(answer).toMatchObject({ status: 400, code: 'INVALID_JSON' });
      expect(answer.error).toMatch(/UTF-8/);
      const user = await t.call('GET', `/v1/users/${encodeURIComponent('utf\ufffd')}`);
      expect(user.status).toBe(404);
    },
  );

  it('take a U+FFFD written as UTF-8, a character like any other', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: EVENT,
      headers: { 'x-api-key': t.appKey, 'content-type': 'application/json' },
      payload: Buffer.from(JSON.stringify({ user: { id: 'replacement-\ufffd' }, value: 1 })),
    });
    expect(res.statusCode).toBe(201);
  });

  it.each(['utf-8', 'UTF-8', 'utf8', '"utf-8"'])('take JSON declared in charset %s', async (charset) => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: EVENT,
      headers: { 'x-api-key': t.appKey, 'content-type': `application/json; charset=${charset}` },
      payload: Buffer.from(JSON.stringify({ user: { id: 'ada' }, value: 1 })),
    });
    expect(res.statusCode).toBe(201);
  });
});
