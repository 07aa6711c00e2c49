/**
 * The onResponse hook that counts each answer for the metrics (added only when they are on, app.ts):
 * its method, its route's pattern (`/v1/users/:id/streak`, never the URL, which a client chooses and
 * could make a new series of each time), or one `unmatched` for every answer no route took (404s,
 * bad URLs), its status, and its time from routing to the last byte (Fastify's `elapsedTime`).
 */
import type { onResponseHookHandler } from 'fastify';
import { type Metrics, UNMATCHED_ROUTE } from '../metrics/metrics.js';

export function countAnswers(metrics: Metrics): onResponseHookHandler {
  return function countAnswer(request, reply, done) {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.answered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  };
}
