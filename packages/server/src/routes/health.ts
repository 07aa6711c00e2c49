/**
 * /healthz (the process is up) and /readyz (the store answers and the server is not stopping).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../http/context.js';
import { HttpError } from '../http/errors.js';

export function healthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (!ctx.ready) throw new HttpError(503, 'NOT_READY', 'the server is starting or stopping');
    try {
      await ctx.backend.control.accounts();
    } catch (error) {
      throw new HttpError(503, 'NOT_READY', `the store does not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { status: 'ready', store: ctx.backend.kind };
  });
}
