/**
 * Personalisation bounds on the dashboard's Streak settings page in chromium against a real server
 * on SQLite: what the owner lets users choose is saved with the rule and shown again after a reload;
 * bounds the core would refuse are named in the page and never sent.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_RULE } from '../packages/server/src/runtime/starter-rule.js';
import type { TestServer } from '../packages/server/src/test-server.js';
import {
  bodiesSent,
  launchChromium,
  openDashboard,
  openPage,
  signInWithPassword,
  startDashboardServer,
} from './browser.js';

let t: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  t = await startDashboardServer();
  browser = await launchChromium();
  const saved = await t.call('PUT', '/admin/v1/streak', { key: t.adminKey, body: STARTER_RULE });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

/** The rule's personalization as the server keeps it. */
async function savedPersonalization(): Promise<unknown> {
  const settings = await t.call('GET', '/admin/v1/streak', { key: t.adminKey });
  return settings.body.rule.personalization;
}

/** What the form shows: both checkboxes, then the bounds when they are shown. */
async function shown(page: Page): Promise<Array<boolean | string>> {
  const mode = await page.getByLabel('Users may choose all or any').isChecked();
  const thresholds = await page.getByLabel('Users may choose their own thresholds').isChecked();
  if (!thresholds) return [mode, thresholds];
  return [
    mode,
    thresholds,
    await page.getByLabel('Lowest threshold').inputValue(),
    await page.getByLabel('Highest threshold').inputValue(),
  ];
}

describe('personalisation bounds on the Streak settings page', () => {
  it('saves the mode and threshold bounds users may choose, shows them after a reload, and sends nothing while the lowest is above the highest', async () => {
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    const puts = bodiesSent(page, 'PUT', '/admin/v1/streak');
    await signInWithPassword(page);
    await openPage(page, 'Streak settings');
    expect(await shown(page)).toEqual([false, false]);
    expect(await savedPersonalization()).toBeNull();

    await page.getByLabel('Users may choose all or any').check();
    await page.getByLabel('Users may choose their own thresholds').check();
    await page.getByLabel('Lowest threshold').fill('2');
    await page.getByLabel('Highest threshold').fill('12.5');
    await page.getByRole('button', { name: 'Save streak settings' }).click();
    await page
      .getByRole('status')
      .getByText(/^Streak settings saved/)
      .waitFor();
    expect(puts).toHaveLength(1);
    expect(await savedPersonalization()).toEqual({ mode: true, thresholds: { min: 2, max: 12.5 } });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Streak settings' }).waitFor();
    await page.getByLabel('Users may choose all or any').waitFor();
    expect(await shown(page)).toEqual([true, true, '2', '12.5']);

    await page.getByLabel('Lowest threshold').fill('20');
    await page.getByRole('button', { name: 'Save streak settings' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Lowest threshold cannot be more than the highest threshold.');
    expect(puts).toHaveLength(1);
    expect(await savedPersonalization()).toEqual({ mode: true, thresholds: { min: 2, max: 12.5 } });

    // mode only: the bounds go, and the form shows them gone after a reload
    await page.getByLabel('Users may choose their own thresholds').uncheck();
    await page.getByRole('button', { name: 'Save streak settings' }).click();
    await expect.poll(() => savedPersonalization()).toEqual({ mode: true, thresholds: null });
    await page.reload();
    await page.getByLabel('Users may choose all or any').waitFor();
    expect(await shown(page)).toEqual([true, false]);
  });
});
