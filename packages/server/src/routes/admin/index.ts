/**
 * The admin API under /admin/v1: what the account owner (admin key or dashboard session) calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../http/context.js';

export function adminRoutes(_app: FastifyInstance, _ctx: ServerContext): void {}
