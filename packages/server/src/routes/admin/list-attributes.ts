/**
 * GET /admin/v1/attributes?limit=&skip=: the account's custom attributes in the order declared;
 * GET /admin/v1/attributes/:id: one of them (404 NOT_FOUND for an id it does not have).
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { readConfig } from '../../accounts/account-reads.js';
import { callerOf } from '../../access/auth.js';
import { HttpError } from '../../errors/errors.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { attributeSchema, attributeWire } from '../../wire/attribute-wire.js';
import { idParams, pageQuery, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface ListAttributesDeps {
  readonly accounts: AccountDeps;
}

export function listAttributesRoutes(app: App, ctx: ListAttributesDeps): void {
  app.get(
    '/admin/v1/attributes',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'List custom attributes',
        tags: [TAG],
        querystring: pageQuery,
        response: { 200: { type: 'array', items: attributeSchema }, ...errors(422) },
      },
    },
    async (request) => {
      const config = await readConfig(ctx.accounts, callerOf(request).accountId);
      const { skip, limit } = request.query;
      return (config.attributes ?? []).slice(skip, skip + limit).map(attributeWire);
    },
  );

  app.get(
    '/admin/v1/attributes/:id',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Get a custom attribute',
        tags: [TAG],
        params: idParams,
        response: { 200: attributeSchema, ...errors(422, 404) },
      },
    },
    async (request) => {
      const config = await readConfig(ctx.accounts, callerOf(request).accountId);
      const found = (config.attributes ?? []).find((def) => def.id === request.params.id);
      if (found === undefined) throw new HttpError('NOT_FOUND', 'no attribute has this id');
      return attributeWire(found);
    },
  );
}
