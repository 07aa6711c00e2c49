/**
 * Compressed answers: whether a client takes gzip (RFC 9110 Accept-Encoding, q-values honoured),
 * and the compression itself, off the event loop on libuv's thread pool. The hosted service's SDKs
 * run on fetch, which asks for `gzip, deflate` on every call; a 366-period streak read is 37 KB of
 * JSON and about 3 KB gzipped. Request bodies come uncompressed: one in another coding is refused.
 */
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { HttpError } from '../errors/errors.js';

/** Answers shorter than this go out as they are: compressing them saves less than it costs. */
export const GZIP_MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);

/** The q-value of one Accept-Encoding member ("gzip;q=0.5" → 0.5); a malformed one counts as refused. */
function qualityOf(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split('=').map((s) => s.trim());
    if (name?.toLowerCase() !== 'q') continue;
    if (value === undefined || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return 0;
    return Number(value);
  }
  return 1;
}

/** True when the Accept-Encoding header lets the answer be gzip: named (or x-gzip, or *) with q > 0, and not refused by name. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value === '') return false;
  let named: number | null = null;
  let wildcard: number | null = null;
  for (const member of value.split(',')) {
    const [coding = '', ...params] = member.split(';');
    const name = coding.trim().toLowerCase();
    if (name === 'gzip' || name === 'x-gzip') named = Math.max(named ?? 0, qualityOf(params));
    else if (name === '*') wildcard = qualityOf(params);
  }
  return (named ?? wildcard ?? 0) > 0;
}

/** gzip at the fastest level: on a 366-period streak read it saves 98% of what level 9 saves, in a quarter of the time. */
export function gzipBody(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: constants.Z_BEST_SPEED });
}

/** The codings a request's Content-Encoding names other than identity ("gzip, identity" → ["gzip"]). */
export function bodyCodings(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * Refuses a request body in a coding the server does not decode (it decodes none): such a body
 * would otherwise be read as if it were plain JSON. 415 with `Accept-Encoding: identity` (RFC 9110 §15.5.16).
 */
export function checkBodyEncoding(headers: {
  'content-encoding'?: string | string[] | undefined;
  'content-length'?: string | undefined;
  'transfer-encoding'?: string | undefined;
}): void {
  const hasBody =
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  if (!hasBody) return;
  const header = headers['content-encoding'];
  if (bodyCodings(header).length === 0) return;
  const sent = Array.isArray(header) ? header.join(', ') : header;
  throw new HttpError(
    'UNSUPPORTED_CONTENT_ENCODING',
    `the server does not decode a body in Content-Encoding ${sent}: send it uncompressed (identity)`,
    { headers: { 'accept-encoding': 'identity' } },
  );
}
