import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** Where in `schema` an object takes members it does not name without saying what they may be. */
function openObjects(schema: Schema | undefined, path: string): string[] {
  if (schema === undefined) return [];
  const open: string[] = [];
  const isObject = schema.type === 'object' || schema.properties !== undefined;
  if (isObject && schema.additionalProperties === undefined) open.push(path);
  for (const [name, member] of Object.entries(schema.properties ?? {}))
    open.push(...openObjects(member, `${path}.${name}`));
  open.push(...openObjects(schema.items, `${path}[]`));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    open.push(...openObjects(part, path));
  if (typeof schema.additionalProperties === 'object')
    open.push(...openObjects(schema.additionalProperties, `${path}{}`));
  return open;
}

describe('request bodies', () => {
  it('declare every member they take: no body of any route has an object that takes unnamed members', async () => {
    const doc = (await t.call('GET', '/openapi.json', { key: null })).body;
    const open: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        open.push(...openObjects(body, `${method.toUpperCase()} ${path} body`));
      }
    }
    expect(open).toEqual([]);
  });
});
