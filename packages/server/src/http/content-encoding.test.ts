import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { acceptsGzip, bodyCodings, gzipBody } from './content-encoding.js';

describe('acceptsGzip', () => {
  it('takes gzip when the client names it, as fetch does ("gzip, deflate")', () => {
    expect(acceptsGzip('gzip, deflate')).toBe(true);
    expect(acceptsGzip('br, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
  });

  it('takes gzip under a wildcard unless gzip itself is refused', () => {
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0.1')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
  });

  it('answers plainly when there is no header, an empty one, or only other codings', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
  });

  it('honours q=0 and treats a malformed q-value as a refusal', () => {
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('gzip;q=banana')).toBe(false);
    expect(acceptsGzip('gzip;q=2')).toBe(false);
    expect(acceptsGzip('gzip;q=0.001')).toBe(true);
  });

  it('reads a header given several times', () => {
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip(['deflate', 'br'])).toBe(false);
  });
});

describe('gzipBody', () => {
  it('gives bytes that inflate to the input, and far fewer of them for repetitive JSON', async () => {
    const json = Buffer.from(
      JSON.stringify(
        Array.from({ length: 366 }, (_, i) => ({ periodStart: `day-${i}`, length: i % 7, usedFreeze: false })),
      ),
    );
    const packed = await gzipBody(json);
    expect(gunzipSync(packed).equals(json)).toBe(true);
    expect(packed.length).toBeLessThan(json.length / 5);
  });
});

describe('bodyCodings', () => {
  it('names every coding of a request body but identity', () => {
    expect(bodyCodings(undefined)).toEqual([]);
    expect(bodyCodings('identity')).toEqual([]);
    expect(bodyCodings('GZIP')).toEqual(['gzip']);
    expect(bodyCodings('deflate, identity')).toEqual(['deflate']);
    expect(bodyCodings(['identity', 'br'])).toEqual(['br']);
  });
});

describe('a request body in a Content-Encoding', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ listen: true });
  });
  afterAll(() => t.close());
  const event = JSON.stringify({ user: { id: 'encoded' }, value: 1 });
  const post = (coding: string) =>
    fetch(`${t.server.url}/v1/metrics/lessons/event`, {
      method: 'POST',
      headers: { 'x-api-key': t.appKey, 'content-type': 'application/json', 'content-encoding': coding },
      body: event,
    });

  it('is refused with 415 UNSUPPORTED_CONTENT_ENCODING and Accept-Encoding: identity when the server does not decode it, and records nothing', async () => {
    for (const coding of ['br', 'gzip', 'deflate, identity']) {
      const res = await post(coding);
      expect(res.status).toBe(415);
      expect(res.headers.get('accept-encoding')).toBe('identity');
      const answer = (await res.json()) as Record<string, string>;
      expect(Object.keys(answer).sort()).toEqual(['code', 'error']);
      expect(answer.code).toBe('UNSUPPORTED_CONTENT_ENCODING');
      expect(answer.error).toContain(coding);
    }
    expect((await t.call('GET', '/v1/users/encoded')).status).toBe(404);
  });

  it('is taken when the coding is identity', async () => {
    expect((await post('identity')).status).toBe(201);
  });
});
