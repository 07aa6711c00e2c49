/**
 * Who may read GET /metrics (access 'scraper'): anyone when no KINDLING_METRICS_TOKEN is set (the
 * settings allow that on a loopback listener only), else the request whose `Authorization` header
 * is `Bearer <token>`. The token is compared in constant time, as SHA-256 digests of equal length,
 * so neither its characters nor its length can be learnt from the answer's timing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Refuses the request with INVALID_METRICS_TOKEN unless it carries `token` (null: none is asked). */
export function checkScraper(token: string | null, request: FastifyRequest): void {
  if (token === null) return;
  const sent = request.headers.authorization;
  const match = typeof sent === 'string' ? /^Bearer +(\S+) *$/i.exec(sent) : null;
  if (match === null || !timingSafeEqual(digest(match[1] as string), digest(token)))
    throw new HttpError(
      'INVALID_METRICS_TOKEN',
      'send the metrics token (KINDLING_METRICS_TOKEN) as Authorization: Bearer <token>',
      { 'www-authenticate': 'Bearer realm="metrics"' },
    );
}
