/**
 * The dashboard's Attributes page in chromium against a real server on SQLite: attributes declared
 * in the page are the ones the API then accepts on users and events; a key taken for its type is
 * refused with the server's reason; renaming and deleting happen in place.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/test/server.js';
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

/** Declares an attribute through the page's form. */
async function declare(page: Page, name: string, of: 'Users' | 'Events'): Promise<void> {
  await page.getByLabel('Attribute name').fill(name);
  await page.getByLabel('Attribute of').selectOption({ label: of });
  await page.getByRole('button', { name: 'Create attribute' }).click();
}

/** The name, key and type in each row of the table. */
async function rows(page: Page): Promise<string[][]> {
  const shown: string[][] = [];
  for (const row of await page.getByRole('table').locator('tbody tr').all())
    shown.push((await row.locator('th, td').allTextContents()).slice(0, 3));
  return shown;
}

/** What the server keeps, as `type:key name`. */
async function declared(): Promise<string[]> {
  const listed = await t.call('GET', '/admin/v1/attributes', { key: t.adminKey });
  return (listed.body as Array<{ type: string; key: string; name: string }>).map((a) => `${a.type}:${a.key} ${a.name}`);
}

/** The status of an event for `ada` carrying these user and event attributes. */
async function eventStatus(user: Record<string, string>, event: Record<string, string>): Promise<number> {
  const sent = await t.call('POST', '/api/metrics/lessons/event', {
    body: { user: { id: 'ada', attributes: user }, value: 1, attributes: event },
  });
  return sent.status;
}

describe('the Attributes page', () => {
  it('declares a user and an event attribute, refuses a taken key with the server’s reason, renames one and deletes the other', async () => {
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    await signInWithPassword(page);
    await openPage(page, 'Attributes');
    await page.getByText('No attributes yet. Declare the first one above.').waitFor();

    await declare(page, 'Plan', 'Users');
    await page.getByRole('status').getByText('User attribute Plan created with key plan.').waitFor();
    await declare(page, 'Device', 'Events');
    await page.getByRole('row', { name: /Device/ }).waitFor();
    expect(await rows(page)).toEqual([
      ['Plan', 'plan', 'User'],
      ['Device', 'device', 'Event'],
    ]);
    expect(await declared()).toEqual(['user:plan Plan', 'event:device Device']);
    expect(await eventStatus({ plan: 'pro' }, { device: 'ios' })).toBe(201);

    // the same key among the user attributes: the server refuses it and the page says why
    await declare(page, 'Plan', 'Users');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Key already in use by another attribute of this type');
    expect(await rows(page)).toHaveLength(2);

    await page.getByRole('row', { name: /Plan/ }).getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name of Plan').fill('Subscription plan');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('rowheader', { name: 'Subscription plan' }).waitFor();

    await page
      .getByRole('row', { name: /Device/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('group', { name: /^Delete Device\?/ })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await page.getByRole('row', { name: /Device/ }).waitFor({ state: 'detached' });
    expect(await declared()).toEqual(['user:plan Subscription plan']);
    // the deleted key is no longer accepted on events; the renamed one still is on users
    expect(await eventStatus({ plan: 'pro' }, { device: 'ios' })).toBe(400);
    expect(await eventStatus({ plan: 'pro' }, {})).toBe(201);
  });
});
