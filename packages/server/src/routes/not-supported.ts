/**
 * The hosted service's leaderboards, streak rankings and year-in-review paths, which Kindling does not serve: each answers 501 NOT_SUPPORTED with a message that says what is missing, once the
 * caller is let in as for any route of its API (an application key for /v1, an admin key or session
 * for /admin/v1). A migrating app so gets a clear answer (its SDK's error with status 501), not a
 * 404 that reads like a wrong base URL, and the OpenAPI document lists them.
 */
import { HttpError } from '../errors/errors.js';
import { errors } from '../http/schemas.js';
import type { App } from '../http/typed-app.js';
import { text } from '../wire/primitives.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface NotSupportedRoute {
  readonly method: Method;
  /** the path as Fastify names it (`:id`) */
  readonly url: string;
  /** what the hosted service has there */
  readonly part: 'leaderboards' | 'rankings' | 'wrapped';
}

export const NOT_SUPPORTED_ROUTES: readonly NotSupportedRoute[] = [
  { method: 'GET', url: '/v1/users/:id/leaderboards/:key', part: 'leaderboards' },
  { method: 'GET', url: '/v1/users/:id/wrapped', part: 'wrapped' },
  // the SDK 1.0.42's streaks.rankings: the top streaks of all users, which a key bound to one user
  // would read as well; the reference documents neither its order nor its limits
  { method: 'GET', url: '/v1/streaks/rankings', part: 'rankings' },
];

const WHAT: Record<NotSupportedRoute['part'], string> = {
  leaderboards: 'leaderboards',
  rankings: 'streak rankings of all users',
  wrapped: 'the year in review (wrapped)',
};

/** What to use instead, where Kindling has something near. */
const INSTEAD: Partial<Record<NotSupportedRoute['part'], string>> = {
  rankings:
    'GET /v1/streaks?userIds= ranks the users named, GET /admin/v1/analytics/streaks shows the longest current streaks',
};
const KEPT =
  'it keeps metrics, streaks, achievements and points systems (see the README, "Moving from the hosted service")';

export function notSupportedRoutes(app: App): void {
  for (const route of NOT_SUPPORTED_ROUTES) {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
    const message = `Kindling does not serve ${WHAT[route.part]}: ${INSTEAD[route.part] ?? KEPT}`;
    app.route({
      method: route.method,
      url: route.url,
      config: { access: route.url.startsWith('/admin/') ? 'admin' : 'app' },
      schema: {
        summary: `Not served: ${WHAT[route.part]}`,
        tags: ['not served'],
        ...(names.length > 0
          ? {
              params: {
                type: 'object',
                required: names,
                properties: Object.fromEntries(names.map((name) => [name, text])),
              },
            }
          : {}),
        response: errors(501),
      },
      handler: async () => {
        throw new HttpError('NOT_SUPPORTED', message);
      },
    });
  }
}
