/**
 * POST /admin/v1/attributes: declare 1..100 custom attributes, each `user` or `event`, with a key
 * unique among the attributes of its type. A taken or malformed key is an issue of its item; the
 * others are declared. Users' and events' attributes are then checked against them.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import type { Engines } from '../../engines/engines.js';
import { createAttributes } from '../../accounts/attributes.js';
import { callerOf } from '../../access/auth.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { attributeWire, createdAttributesSchema } from '../../wire/attribute-wire.js';
import { statusOf } from './bulk.js';
import { bulkOf, newAttribute, TAG } from './schemas.js';

/** What the route takes of the server: the lower layers it calls. */
export interface CreateAttributesDeps {
  readonly accounts: AccountDeps;
  readonly engines: Engines;
}

export function createAttributesRoute(app: App, ctx: CreateAttributesDeps): void {
  app.post(
    '/admin/v1/attributes',
    {
      config: { access: 'admin', invalidInput: 422 },
      schema: {
        summary: 'Declare custom attributes',
        tags: [TAG],
        body: bulkOf(newAttribute),
        response: { 200: createdAttributesSchema, 201: createdAttributesSchema, ...errors(422) },
      },
    },
    async (request, reply) => {
      const { accountId } = callerOf(request);
      const { applied, issues } = await createAttributes(ctx.accounts, accountId, request.body);
      ctx.engines.invalidate(accountId);
      return reply.code(statusOf(applied.length)).send({ created: applied.map(attributeWire), issues });
    },
  );
}
