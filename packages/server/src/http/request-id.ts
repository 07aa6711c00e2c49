/**
 * The id of each request: the client's `Request-Id` when it is sane (1 to 200 printable ASCII
 * characters, no spaces: what a proxy or a tracing client sends), else a fresh random UUID. Fastify
 * takes it as the request's id (`genReqId`), so that every log line of the request names it
 * (`reqId`, its child logger); every answer carries it back as `Request-Id`, refusals too: the
 * admission hook of each route, the 404 and bad-URL answers (app.ts), and the answers Node's HTTP
 * layer gives before Fastify (client-errors.ts). A hostile value (20 KB, control characters, a
 * header sent twice, which Node joins with ", ") is never echoed nor logged.
 */
import type { IncomingMessage } from 'node:http';
import { newId } from '../random-ids.js';

export const REQUEST_ID = 'request-id';

/** Printable ASCII without the space, 1 to 200 of them. */
const SANE = /^[\x21-\x7e]{1,200}$/;

/** The id of a request: the client's when sane, else a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers[REQUEST_ID];
  return typeof sent === 'string' && sent.length <= 200 && SANE.test(sent) ? sent : newId();
}
