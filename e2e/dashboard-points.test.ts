/**
 * The dashboard's Points page in chromium against a real server on SQLite, at desktop and 375 px
 * phone width: a points system made in the page, then on its page a metric trigger whose line reads
 * "10 XP for every 3 lessons, on mobile" (edited, then archived), levels listed by threshold, edited
 * and deleted, a boost refused with the API's issue (a multiplier of 1), then made and edited; the
 * chart of its totals; nothing on the system's page scrolls sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/test/server.js';
import {
  DESKTOP,
  launchChromium,
  openDashboard,
  openPage,
  pageScrollWidth,
  PHONE,
  signInWithPassword,
  startDashboardServer,
} from './browser.js';

let t: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
// a server a viewport: each test makes the same system, whose key is taken once made
beforeEach(async () => {
  t = await startDashboardServer();
  // the test server's account has the metric Lessons (key lessons); the trigger's filter needs an event attribute
  const declared = await t.call('POST', '/admin/v1/attributes', {
    key: t.adminKey,
    body: [{ name: 'Device', key: 'device', type: 'event' }],
  });
  expect(declared.status, JSON.stringify(declared.body)).toBe(201);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
  await t?.close();
});

/** The text of each row's first cell (its header) in the table under the heading `list`. */
function firstCells(page: Page, list: string) {
  return page.getByRole('region', { name: list }).locator('tbody th').allTextContents();
}

/** Waits for the status message that starts with `text`. */
async function announced(page: Page, text: string): Promise<void> {
  await page.getByRole('status').getByText(text, { exact: false }).waitFor();
}

describe('the Points page', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'makes a system, its trigger, levels and boost on a %s screen, and shows the API’s issue',
    async (_, viewport) => {
      ({ context } = await openDashboard(browser, t.server.url, viewport));
      const page = context.pages()[0] as Page;
      await signInWithPassword(page);
      await openPage(page, 'Points');
      await page.getByText('No points systems yet. Create the first one above.').waitFor();

      await page.getByLabel('System name').fill('XP');
      await page.getByRole('button', { name: 'Create points system' }).click();
      await announced(page, 'Points system XP created with key xp.');
      const row = page.getByRole('row', { name: /^XP / });
      await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['xp', 'active', 'no bound', 'Archive']);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(viewport.width);

      await row.getByRole('link', { name: 'XP' }).click();
      await page.getByRole('heading', { level: 1, name: 'XP' }).waitFor();
      await page.getByText('No triggers yet. Create the first one below.').waitFor();
      // its charts: the eleven ranges of totals, the one user-less account's at 0
      await page.getByRole('heading', { level: 2, name: 'Totals' }).waitFor();
      const totals = page.locator('figure', { has: page.getByText('Users by XP total as a table') });
      await expect.poll(() => totals.locator('tbody tr').count()).toBe(11);

      // a metric trigger counting only events from a device
      const triggerForm = page.getByRole('form', { name: 'New trigger' });
      await triggerForm.getByLabel('Earned when').selectOption('metric');
      await triggerForm.getByLabel('Points', { exact: true }).fill('10');
      await triggerForm.getByLabel('Metric', { exact: true }).selectOption({ label: 'Lessons (lessons)' });
      await triggerForm.getByLabel('For every').fill('3');
      await triggerForm.getByRole('button', { name: 'Add event filter' }).click();
      await triggerForm.getByLabel('Event attribute 1', { exact: true }).selectOption('device');
      await triggerForm.getByLabel('Value of event attribute 1', { exact: true }).fill('mobile');
      // the form tells the line as it is filled in
      await expect
        .poll(() => triggerForm.getByText(/^Reads: /).textContent())
        .toBe('Reads: 10 XP for every 3 lessons, on mobile');
      await triggerForm.getByRole('button', { name: 'Create trigger' }).click();
      await announced(page, 'Trigger created.');
      await expect.poll(() => firstCells(page, 'Triggers')).toEqual(['10 XP for every 3 lessons, on mobile']);

      // edited: its points and its status
      await page
        .getByRole('row', { name: /10 XP for every 3 lessons/ })
        .getByRole('button', { name: 'Edit' })
        .click();
      const editForm = page.getByRole('form', { name: 'Edit trigger' });
      await editForm.getByLabel('Points', { exact: true }).fill('12');
      await editForm.getByLabel('Active', { exact: true }).uncheck();
      await editForm.getByRole('button', { name: 'Save trigger' }).click();
      await announced(page, 'Trigger saved.');
      await expect
        .poll(() => firstCells(page, 'Triggers'))
        .toEqual(['12 XP for every 3 lessons, on mobile (inactive)']);
      const saved = await t.call('GET', `/admin/v1/points/${await systemId()}/triggers`, { key: t.adminKey });
      expect(saved.body).toMatchObject([{ type: 'metric', points: 12, status: 'inactive', metricThreshold: 3 }]);

      // levels, listed from the lowest threshold up whatever the order made
      for (const [name, points] of [
        ['Gold', '100'],
        ['Silver', '50'],
      ] as const) {
        await page.getByLabel('Level name').fill(name);
        await page.getByLabel('Points to reach it').fill(points);
        await page.getByRole('button', { name: 'Create level' }).click();
        await announced(page, `Level ${name} created.`);
      }
      await expect.poll(() => firstCells(page, 'Levels')).toEqual(['Silver', 'Gold']);
      await page
        .getByRole('row', { name: /^Gold / })
        .getByRole('button', { name: 'Edit' })
        .click();
      await page.getByLabel('Points to reach it').fill('40');
      await page.getByRole('button', { name: 'Save level' }).click();
      await announced(page, 'Level Gold saved.');
      await expect.poll(() => firstCells(page, 'Levels')).toEqual(['Gold', 'Silver']);

      // a multiplier of 1 is the API's issue, shown by the form; then a boost it takes
      const boostForm = page.getByRole('form', { name: 'New boost' });
      await boostForm.getByLabel('Boost name').fill('Double weekend');
      await boostForm.getByLabel('Multiplier').fill('1');
      await boostForm.getByRole('button', { name: 'Create boost' }).click();
      await expect
        .poll(() => page.getByRole('alert').allTextContents())
        .toContainEqual(expect.stringContaining('multiplier must be above 0 and below 100, and not 1'));
      await expect.poll(() => firstCells(page, 'Boosts')).toEqual([]);
      await boostForm.getByLabel('Multiplier').fill('2');
      await boostForm.getByRole('button', { name: 'Create boost' }).click();
      await announced(page, 'Boost Double weekend created.');
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: /^Double weekend / })
            .getByRole('cell')
            .allTextContents(),
        )
        .toEqual([
          '×2',
          expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          'open-ended',
          'down',
          'all users',
          'active',
          'EditDelete',
        ]);
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      await page
        .getByRole('row', { name: /^Double weekend / })
        .getByRole('button', { name: 'Edit' })
        .click();
      await page.getByRole('form', { name: 'Edit boost Double weekend' }).getByLabel('Multiplier').fill('3');
      await page.getByRole('button', { name: 'Save boost' }).click();
      await announced(page, 'Boost Double weekend saved.');
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: /^Double weekend / })
            .getByRole('cell')
            .first()
            .textContent(),
        )
        .toBe('×3');

      // a level deleted
      await page
        .getByRole('row', { name: /^Silver / })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await announced(page, 'Level Silver deleted.');
      await expect.poll(() => firstCells(page, 'Levels')).toEqual(['Gold']);
      expect(await pageScrollWidth(page), 'the system’s page scrolls sideways').toBeLessThanOrEqual(viewport.width);

      // archived: no list shows it
      await page
        .getByRole('row', { name: /12 XP for every 3 lessons/ })
        .getByRole('button', { name: 'Archive' })
        .click();
      await page.getByRole('button', { name: 'Yes, archive' }).click();
      await announced(page, 'Trigger archived.');
      await page.getByText('No triggers yet. Create the first one below.').waitFor();
    },
  );
});

/** The id of the account's one points system. */
async function systemId(): Promise<string> {
  const listed = await t.call('GET', '/admin/v1/points', { key: t.adminKey });
  return (listed.body as Array<{ id: string }>)[0]?.id ?? '';
}
