/**
 * DELETE /admin/v1/attributes?ids=a,b: remove custom attributes. Their key is free again; values
 * users already hold stay in their profiles (shown as kept), but no request may set them any more.
 * One that an achievement filters by stays (an issue names the achievement): a filter on a key no
 * request may carry would quietly stop completing.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { removeAttributes } from '../../accounts/attributes.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { deletedAnswerSchema } from '../../wire/admin-wire.js';
import { idsFrom } from './bulk.js';
import { idsQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface DeleteAttributesDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function deleteAttributesRoute(app: App, ctx: DeleteAttributesDeps): void {
  app.delete(
    '/admin/v1/attributes',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Remove custom attributes',
        tags: [TAG],
        querystring: idsQuery,
        response: { 200: deletedAnswerSchema, ...errors(422) },
      },
    },
    async (request) => {
      const { accountId } = callerOf(request);
      const ids = idsFrom(request.query.ids);
      const { applied, issues } = await removeAttributes(ctx.accounts, accountId, ids);
      ctx.engines.invalidate(accountId);
      return { deleted: applied, issues };
    },
  );
}
