/**
 * The dashboard's API keys page in chromium against a real server on SQLite, with more keys than one
 * page shows (an application key is made per user): it shows a hundred at a time, in the order they
 * were made, and pages through the rest.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/test-server.js';
import { launchChromium, openDashboard, openPage, signInWithPassword, startDashboardServer } from './browser.js';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  t = await startDashboardServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

/** The names in the table's rows. */
async function names(page: Page): Promise<string[]> {
  return page.getByRole('table').locator('tbody tr th').allTextContents();
}

describe('the API keys page', () => {
  it('shows a hundred keys at a time and pages through the rest', async () => {
    for (let b = 0; b < 2; b++)
      await t.call('POST', '/admin/v1/application-api-keys', {
        key: t.adminKey,
        body: Array.from({ length: 60 }, (_, i) => ({ userId: `user-${b * 60 + i}` })),
      });
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    await signInWithPassword(page);
    await openPage(page, 'API keys');
    const pages = page.getByRole('navigation', { name: 'Pages of keys' });
    await expect.poll(() => names(page)).toHaveLength(100);
    const first = await names(page);
    expect(first.slice(0, 3)).toEqual(['first admin key', 'first application key', 'for user user-0']);
    expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('heading', { name: 'Your keys, page 2' }).waitFor();
    await expect.poll(() => names(page)).toHaveLength(22);
    expect((await names(page)).at(-1)).toBe('for user user-119');
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('heading', { name: 'Your keys', exact: true }).waitFor();
    await expect.poll(() => names(page)).toEqual(first);
  });
});
