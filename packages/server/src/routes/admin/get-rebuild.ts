/**
 * GET /admin/v1/streak/rebuild: how far the rebuild of every user after the last change of the rule
 * or of the achievements (backdating, S22) got (any process's).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { readRebuild } from '../../jobs/rebuild-record.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { rebuildSchema, rebuildWire } from '../../wire/admin-wire.js';
import { TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface GetRebuildDeps {
  readonly accounts: AccountDeps;
}

export function getRebuildRoute(app: App, ctx: GetRebuildDeps): void {
  app.get(
    '/admin/v1/streak/rebuild',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Get the progress of the rebuild after a rule or achievement change',
        tags: [TAG],
        response: { 200: rebuildSchema, ...errors() },
      },
    },
    async (request) => rebuildWire(await readRebuild(ctx.accounts, callerOf(request).space.store)),
  );
}
