/**
 * Who may read GET /metrics (access 'scraper'): with no KINDLING_METRICS_TOKEN (the settings allow
 * that on a loopback listener only), a request from this machine that no proxy forwarded: a
 * reverse proxy on the same machine would otherwise serve the metrics to whoever reaches it, so a
 * request carrying `Forwarded`, `X-Forwarded-For` or `X-Real-IP`, or from an address that is not
 * loopback, is refused. With a token, the request whose `Authorization` header is `Bearer <token>`. The token is compared in constant time, as SHA-256 digests of equal length,
 * so neither its characters nor its length can be learnt from the answer's timing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors/errors.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Refuses the request with INVALID_METRICS_TOKEN unless it carries `token` (null: none is asked). */
export function checkScraper(token: string | null, request: FastifyRequest): void {
  if (token === null) {
    const { headers } = request;
    const forwarded =
      headers.forwarded !== undefined || headers['x-forwarded-for'] !== undefined || headers['x-real-ip'] !== undefined;
    if (forwarded || !isLoopbackAddress(request.raw.socket.remoteAddress))
      throw new HttpError(
        'INVALID_METRICS_TOKEN',
        'metrics without a token are served to this machine only, not through a proxy: set KINDLING_METRICS_TOKEN',
      );
    return;
  }
  const sent = request.headers.authorization;
  const match = typeof sent === 'string' ? /^Bearer +(\S+) *$/i.exec(sent) : null;
  if (match === null || !timingSafeEqual(digest(match[1] as string), digest(token)))
    throw new HttpError(
      'INVALID_METRICS_TOKEN',
      'send the metrics token (KINDLING_METRICS_TOKEN) as Authorization: Bearer <token>',
      { headers: { 'www-authenticate': 'Bearer realm="metrics"' } },
    );
}

/** Whether a connection's address is this machine's (127.0.0.0/8, ::1, or 127.x mapped in IPv6). */
function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return (isIP(v4) === 4 && v4.startsWith('127.')) || address === '::1';
}
