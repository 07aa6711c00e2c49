/**
 * GET /admin/v1/streak/rebuild: how far the rebuild after the last rule change got (any process's).
 */
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/auth.js';
import type { ServerContext } from '../../http/context.js';
import { errors } from '../../http/schemas.js';
import { rebuildWire } from '../../wire/admin-wire.js';
import { TAG } from './schemas.js';

export function getRebuildRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/admin/v1/streak/rebuild', { config: { access: 'admin' }, schema: { summary: 'Get the progress of the streak rebuild', tags: [TAG], response: errors() } }, async (request) =>
    rebuildWire(await ctx.backend.control.rebuild(callerOf(request).accountId)),
  );
}
