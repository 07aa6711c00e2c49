/**
 * PATCH /admin/v1/attributes: rename 1..100 custom attributes by id (key and type never change).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { renameAttributes } from '../../accounts/attributes.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { attributeWire, updatedAttributesSchema } from '../../wire/attribute-wire.js';
import { attributeChange, bulkOf, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface UpdateAttributesDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function updateAttributesRoute(app: App, ctx: UpdateAttributesDeps): void {
  app.patch(
    '/admin/v1/attributes',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Rename custom attributes',
        tags: [TAG],
        body: bulkOf(attributeChange),
        response: { 200: updatedAttributesSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await renameAttributes(ctx.accounts, accountId, request.body);
      ctx.engines.invalidate(accountId);
      return { updated: applied.map(attributeWire), issues };
    },
  );
}
