import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipBody } from './content-encoding.js';

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
    const json = Buffer.from(JSON.stringify(Array.from({ length: 366 }, (_, i) => ({ periodStart: `day-${i}`, length: i % 7, usedFreeze: false }))));
    const packed = await gzipBody(json);
    expect(gunzipSync(packed).equals(json)).toBe(true);
    expect(packed.length).toBeLessThan(json.length / 5);
  });
});
