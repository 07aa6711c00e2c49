/**
 * The hooks that admit a request, put on each route when it is registered (app.ts) with what the
 * route declared bound in: not while stopping (a request that reaches the router on a kept-alive
 * connection once stopping began is refused; those in flight finish), not without a Host header,
 * only for the callers the route's `access` accepts, and no body in a coding the server does not
 * decode. All of it is decided before the body is read.
 */
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preParsingHookHandler,
} from 'fastify';
import { authorize } from '../access/auth.js';
import { refuseMissingHost } from '../http/client-errors.js';
import { checkBodyEncoding } from '../http/content-encoding.js';
import type { AccessDeps } from './access-deps.js';
import { HttpError } from '../errors/errors.js';
import { REQUEST_ID } from '../http/request-id.js';

/** A route's hooks of one kind as a list (Fastify takes one function or an array). */
export const hooksOf = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** Refuses any request while the server is stopping (closing its connection), and an HTTP/1.1 request without a Host header. */
export function refuseUnready(request: FastifyRequest, reply: FastifyReply, stopping: boolean): void {
  if (stopping) {
    void reply.header('connection', 'close');
    throw new HttpError(
      'NOT_READY',
      'the server is stopping; send the request again (to another process, or once it is back)',
    );
  }
  refuseMissingHost(request);
}

/**
 * The first onRequest hook of a route: the route's security headers and the request's id (kept on a refusal too), ready,
 * then the caller its `config.access` accepts. Written with a callback: a request that needs no
 * store to decide (a known key) passes without a promise.
 */
export function admission(
  ctx: AccessDeps,
  config: FastifyContextConfig,
  isStopping: () => boolean,
  securityHeaders: Readonly<Record<string, string>>,
): onRequestHookHandler {
  return function admit(request, reply, done) {
    let pending: Promise<void> | undefined;
    void reply.headers(securityHeaders).header(REQUEST_ID, request.id);
    try {
      refuseUnready(request, reply, isStopping());
      pending = authorize(ctx, request, config);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending === undefined) done();
    else pending.then(() => done(), done);
  };
}

/** The preParsing hook of the routes whose bodies Fastify reads (all but GET and HEAD). */
export const refuseBodyEncoding: preParsingHookHandler = (request, _reply, payload, done) => {
  try {
    checkBodyEncoding(request.headers);
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, payload);
};
