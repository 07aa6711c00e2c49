/**
 * PATCH /admin/v1/attributes: rename 1..100 custom attributes by id (key and type never change).
 */
import { renameAttributes } from '../../accounts/attributes.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { attributeWire, updatedAttributesSchema } from '../../wire/attribute-wire.js';
import { attributeChange, bulkOf, TAG } from './schemas.js';

export function updateAttributesRoute(app: App, ctx: ServerContext): void {
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
