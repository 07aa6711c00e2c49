/**
 * The dashboard's API types are generated from the server's OpenAPI document (openapi-typescript)
 * into packages/dashboard/src/api/openapi.ts, which is committed. This test fails when that file
 * differs from what the document generates now; `pnpm api:types` writes it again (this test with
 * --update).
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';

const BANNER = `/**
 * The HTTP API's types, generated from the server's /openapi.json by openapi-typescript.
 * Do not edit: change the route's schema in packages/server, then run \`pnpm api:types\`.
 */
`;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("the dashboard's API types", () => {
  it('are what the OpenAPI document of the server generates', async () => {
    const document = t.server.app.swagger() as Parameters<typeof openapiTS>[0];
    const generated = BANNER + astToString(await openapiTS(document, { alphabetize: true }));
    await expect(generated).toMatchFileSnapshot('../packages/dashboard/src/api/openapi.ts');
  });
});
