import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

let t: TestServer;
let dashboard: string;
beforeAll(async () => {
  // A dashboard as the build leaves one: a page and its assets.
  dashboard = mkdtempSync(join(tmpdir(), 'kindling-dashboard-'));
  mkdirSync(join(dashboard, 'assets'));
  writeFileSync(
    join(dashboard, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dashboard, 'assets', 'app.js'), 'document.body.textContent = "hello";\n');
  t = await startTestServer({ listen: true, env: { KINDLING_DASHBOARD_DIR: dashboard } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dashboard, { recursive: true, force: true });
});

/** What every page carries besides its policy. */
const EVERY_PAGE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** An answer that is not a page: nosniff, and none of what only a page needs (decision 030). */
function expectNotAPage(headers: Record<string, string>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect([headers['content-security-policy'], headers['x-frame-options'], headers['referrer-policy']]).toEqual([
    undefined,
    undefined,
    undefined,
  ]);
}

/** The answer's headers through a real connection (fetch), lower-cased, with its status as `:status`. */
async function headersOf(path: string, init: RequestInit = {}): Promise<Record<string, string>> {
  const response = await fetch(`${t.server.url}${path}`, { redirect: 'manual', ...init });
  await response.arrayBuffer();
  return { ...Object.fromEntries(response.headers), ':status': String(response.status) };
}

/** The directives of a Content-Security-Policy, each name to its sources. */
function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

describe('the security headers of every answer', () => {
  const withKey = (init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { 'x-api-key': t.appKey, ...init.headers },
  });
  it.each([
    ['a JSON answer of the API', '/healthz', () => ({})],
    ['an answer of the application API', '/v1/achievements', () => withKey()],
    ['the OpenAPI document', '/openapi.json', () => ({})],
    ['the OpenAPI document where the hosted service serves its own', '/admin/v1/openapi', () => ({})],
    ['a HEAD answer', '/healthz', () => ({ method: 'HEAD' })],
  ] as const)('are on %s: nosniff, as it is not a page', async (_, path, init) => {
    expectNotAPage(await headersOf(path, init()));
  });

  it.each([
    ['401, a refused key (before the route)', '/v1/achievements', () => ({})],
    ['404, a path no route takes', '/no/such/path', () => ({})],
    [
      '400, a body that is not JSON (once the route took the request)',
      '/api/metrics/lessons/event',
      () => withKey({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ],
    ['400, a path the router cannot decode', '/v1/users/%E0%A4%A/streak', () => withKey()],
  ] as const)('are on an error answer: %s', async (what, path, init) => {
    const headers = await headersOf(path, init());
    expect(headers[':status']).toBe(what.slice(0, 3));
    expectNotAPage(headers);
  });

  it('are on an answer Node refuses before Fastify (a malformed request line)', async () => {
    const { port } = new URL(t.server.url);
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => resolve(received));
      socket.write('GARBAGE\r\n\r\n');
    });
    const head = text.slice(0, text.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toMatch(/^http\/1\.1 400 /);
    expect(head).toContain('\r\nx-content-type-options: nosniff');
  });

  it.each(['/', '/index.html'])(
    "are on the dashboard's page %s, whose policy lets it load only its own scripts, styles and API",
    async (path) => {
      const headers = await headersOf(path);
      expect(headers['content-type']).toMatch(/^text\/html/);
      expect(headers).toMatchObject(EVERY_PAGE);
      expect(directives(headers['content-security-policy'])).toEqual({
        'default-src': "'none'",
        'script-src': "'self'",
        'style-src': "'self'",
        'img-src': "'self'",
        'connect-src': "'self'",
        'base-uri': "'none'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      });
    },
  );

  it("are on the dashboard's static assets: nosniff", async () => {
    const headers = await headersOf('/assets/app.js');
    expect(headers['content-type']).toMatch(/javascript/);
    expectNotAPage(headers);
  });

  it('are on the API reference page /docs, whose policy allows the images of its stylesheet (data: URLs)', async () => {
    const headers = await headersOf('/docs/');
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers).toMatchObject(EVERY_PAGE);
    expect(directives(headers['content-security-policy'])).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'img-src': "'self' data:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
    });
    // its scripts and stylesheets answer with the headers too
    expectNotAPage(await headersOf('/docs/static/swagger-ui-bundle.js'));
  });

  it('leave no page under /docs without them: its static index redirects, and its OAuth2 helper page is not served', async () => {
    expect(await headersOf('/docs/static/index.html')).toMatchObject({ ':status': '302', location: '/docs/' });
    // the reference's helper for OAuth2 sign-in: no security scheme of the API uses OAuth2
    const redirect = await t.call('GET', '/docs/static/oauth2-redirect.html', { key: null });
    expect({ status: redirect.status, code: redirect.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
