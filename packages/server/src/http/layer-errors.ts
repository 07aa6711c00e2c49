/**
 * The error statuses the server's own layers may answer on a route, whatever the route does: 500
 * (an error it logs, a damaged row), 503 (a store down, a server stopping); on a route that needs a
 * key, 401 and 403 (a key that may not act there: an application key on an admin route, a key bound
 * to another user); on one that reads the Tenant-ID header, 404 (no tenant has it). They are added
 * to each route's declared responses when it is registered, so that its document lists every
 * status it can send, as docs/http-api.md promises, without every route repeating them.
 */
import type { RouteOptions } from 'fastify';
import { errorRef } from './schemas.js';

/** The statuses the layers around a route with this config may answer. */
function layerStatuses(config: RouteOptions['config']): number[] {
  const statuses = [500, 503];
  if (config?.access === undefined || config.access === 'public') return statuses;
  statuses.push(401, 403);
  if (config.tenant !== 'ignored') statuses.push(404);
  return statuses;
}

/** Adds to `route`'s declared responses the layers' statuses it does not declare itself. */
export function declareLayerErrors(route: RouteOptions): void {
  const schema = route.schema;
  if (schema === undefined || schema.hide === true) return;
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const added: Record<string, unknown> = {};
  for (const status of layerStatuses(route.config))
    if (declared[status] === undefined && declared[String(status)] === undefined) added[status] = errorRef;
  schema.response = { ...declared, ...added };
}
