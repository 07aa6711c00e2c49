/**
 * PATCH /admin/v1/attributes: rename 1..100 custom attributes by id (key and type never change).
 */
import type { AttributeDef } from '../../control/types.js';
import { callerOf } from '../../access/auth.js';
import type { ServerContext } from '../../context.js';
import { errors } from '../../http/schemas.js';
import type { App } from '../../http/typed-app.js';
import { attributeWire, updatedAttributesSchema } from '../../wire/attribute-wire.js';
import { issue, type Issue } from './bulk.js';
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
      let updated: AttributeDef[] = [];
      let issues: Issue[] = [];
      await ctx.backend.control.changeConfig(accountId, (config) => {
        updated = [];
        issues = [];
        const attributes = (config.attributes ?? []).map((def) => ({ ...def }));
        for (const item of request.body) {
          const found = attributes.find((def) => def.id === item.id);
          const name = item.name.trim();
          if (found === undefined) issues.push(issue({ id: item.id }, 'Attribute not found by ID'));
          else if (name === '') issues.push(issue({ id: item.id }, 'Name must not be blank'));
          else {
            found.name = name;
            if (!updated.includes(found)) updated.push(found);
          }
        }
        return { ...config, attributes };
      });
      ctx.engines.invalidate(accountId);
      return { updated: updated.map(attributeWire), issues };
    },
  );
}
