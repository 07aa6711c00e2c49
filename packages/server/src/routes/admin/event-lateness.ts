/**
 * GET and PUT /admin/v1/events/lateness: how late an event sent with an application key and its
 * own `at` may be (`maxLateHours`, 0 to 720; 0 by default: only the clock skew). Kept in the
 * account's configuration, so every server process takes the owner's bound with the next event.
 * Backfills (the batch route, an admin key) are not bound by it.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { readEventLateness, setEventLateness } from '../../accounts/event-lateness.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { eventLatenessSchema } from '../../wire/event-lateness-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface EventLatenessDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

const PATH = '/admin/v1/events/lateness';

export function eventLatenessRoutes(app: App, ctx: EventLatenessDeps): void {
  app.get(
    PATH,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'How late an application key’s event may be',
        tags: [TAG],
        response: { 200: eventLatenessSchema, ...errors() },
      },
    },
    async (request) => {
      return { maxLateHours: await readEventLateness(ctx.accounts, callerOf(request).accountId) };
    },
  );
  app.put(
    PATH,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Set how late an application key’s event may be',
        tags: [TAG],
        body: eventLatenessSchema,
        response: { 200: eventLatenessSchema, ...errors() },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { maxLateHours } = request.body;
      const saved = await setEventLateness(ctx.accounts, accountId, maxLateHours);
      ctx.engines.invalidate(accountId);
      return { maxLateHours: saved };
    },
  );
}
