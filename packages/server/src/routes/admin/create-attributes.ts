/**
 * POST /admin/v1/attributes: declare 1..100 custom attributes, each `user` or `event`, with a key
 * unique among the attributes of its type. A taken or malformed key is an issue of its item; the
 * others are declared. Users' and events' attributes are then checked against them.
 */
import { keyFor } from '@kindling/core';
import type { AttributeDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { newId } from '../../random-ids.js';
import { attributeWire, createdAttributesSchema } from '../../wire/attribute-wire.js';
import { issue, statusOf, type Issue } from './bulk.js';
import { bulkOf, newAttribute, TAG } from './schemas.js';
import { ACCOUNT_LIMITS } from '../../control/limits.js';

/** How many attributes an account may declare. */
export const MAX_ATTRIBUTES = ACCOUNT_LIMITS.attributes;

export function createAttributesRoute(app: App, ctx: ServerContext): void {
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
      const at = new Date(ctx.clock()).toISOString();
      let created: AttributeDef[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        created = [];
        issues = [];
        const existing = config.attributes ?? [];
        const taken = new Set(existing.map((def) => `${def.type}:${def.key}`));
        for (const [index, item] of request.body.entries()) {
          const name = item.name.trim();
          const key = keyFor({ name, key: item.key });
          if ('problem' in key) issues.push(issue({ index }, key.problem));
          else if (name === '') issues.push(issue({ index }, 'Name must not be blank'));
          else if (taken.has(`${item.type}:${item.key}`))
            issues.push(issue({ index }, 'Key already in use by another attribute of this type'));
          else if (existing.length + created.length >= MAX_ATTRIBUTES)
            issues.push(issue({ index }, `An account may declare at most ${MAX_ATTRIBUTES} attributes`));
          else {
            taken.add(`${item.type}:${item.key}`);
            created.push({ id: newId(), key: item.key, name, type: item.type, created: at });
          }
        }
        return { ...config, attributes: [...existing, ...created] };
      });
      ctx.engines.invalidate(accountId);
      return reply.code(statusOf(created.length)).send({ created: created.map(attributeWire), issues });
    },
  );
}
