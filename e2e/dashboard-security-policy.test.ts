/**
 * The Content-Security-Policy the server sends with the dashboard's page and the API reference
 * (/docs) blocks nothing they load: every page of the dashboard, with data in it, and /docs are
 * visited in chromium, and no `securitypolicyviolation` event fires, no console error names the
 * policy, no request is blocked and no script fails.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_RULE } from '../packages/server/src/accounts/starter-rule.js';
import type { TestServer } from '../packages/server/test/server.js';
import { callAdmin, sendDays, TravelClock } from './activity.js';
import { DESKTOP, launchChromium, openPage, signInWithPassword, startDashboardServer } from './browser.js';

const clock = new TravelClock('2026-03-02');
let t: TestServer;
let browser: Browser;

const admin = (method: string, path: string, body: unknown) => callAdmin(t.server.url, t.adminKey, method, path, body);

beforeAll(async () => {
  t = await startDashboardServer(clock.now);
  browser = await launchChromium();
  await admin('PUT', '/streak', STARTER_RULE);
  await admin('POST', '/achievements', [
    { name: 'First week', trigger: 'streak', streakLength: 7, badgeUrl: 'https://example.com/first-week.png' },
  ]);
  await admin('POST', '/attributes', [{ name: 'Plan', key: 'plan', type: 'user' }]);
  await admin('POST', '/tenants', [{ customerId: 'globex', name: 'Globex' }]);
  await sendDays(clock, t.server.url, t.appKey, 'lessons', [['ada', 'bob'], ['ada'], ['ada', 'bob']]);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Scripts run in the page, as text: the tests' TypeScript has no DOM types. */
const recordViolations = `window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
});`;
const violations = 'window.__violations';

/** A fresh page that records every policy violation and console error from its first document on. */
async function watchedPage(): Promise<{ page: Page; problems: () => Promise<string[]>; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: t.server.url, viewport: DESKTOP, locale: 'en-US' });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(recordViolations);
  const page = await context.newPage();
  // What the policy blocked, as chromium tells it (a 401 or 404 the page expects is not the policy's).
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      blocked.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    if (/csp/i.test(request.failure()?.errorText ?? '')) blocked.push(`request: ${request.url()}`);
  });
  page.on('pageerror', (error) => blocked.push(`page error: ${error.message}`));
  return {
    page,
    problems: async () => [...blocked, ...(await page.evaluate<string[]>(violations))],
    close: () => context.close(),
  };
}

const pages = [
  'Overview',
  'Metrics',
  'Streak settings',
  'Achievements',
  'Points',
  'Attributes',
  'Users',
  'API keys',
  'Webhooks',
  'Tenants',
];

describe('the content security policy of the pages the server serves', () => {
  it("blocks nothing on the dashboard's pages", async () => {
    const { page, problems, close } = await watchedPage();
    try {
      const document = await page.goto('/');
      // the page is served with a policy (else this test would show nothing)
      expect(document?.headers()['content-security-policy'] ?? 'no policy').toContain("script-src 'self'");
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await signInWithPassword(page);
      for (const name of pages) {
        await openPage(page, name);
        await expect.poll(() => page.getByText(/^Loading /).count()).toBe(0);
      }
      await openPage(page, 'Users');
      await page.getByRole('link', { name: 'ada', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'User ada' }).waitFor();
      await expect.poll(() => page.getByText(/^Loading /).count()).toBe(0);
      expect(await problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('asks the server for nothing it does not have, its icon included', async () => {
    const { page, close } = await watchedPage();
    const missing: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() === 404 && !/^\/(admin|v1|api)\//.test(path)) missing.push(path);
    });
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(missing).toEqual([]);
      // a browser that shows icons asks for /favicon.ico unless the page names one
      const icons = page.locator('link[rel="icon"]');
      expect(await icons.count()).toBe(1);
      const icon = await page.request.get((await icons.getAttribute('href')) ?? '');
      expect([icon.status(), icon.headers()['content-type']]).toEqual([200, 'image/svg+xml']);
    } finally {
      await close();
    }
  });

  it('blocks nothing on the API reference page /docs', async () => {
    const { page, problems, close } = await watchedPage();
    try {
      const document = await page.goto('/docs/');
      expect(document?.headers()['content-security-policy'] ?? 'no policy').toContain("script-src 'self'");
      // the reference is drawn from /openapi.json by its scripts: the document's title shows
      await page
        .getByRole('heading', { name: /Kindling/ })
        .first()
        .waitFor();
      // an operation opened: its parameters, example answers and schemas drawn
      await page.getByText('/api/metrics/{key}/event').first().click();
      await page.getByText('Example Value').first().waitFor();
      expect(await problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
