/**
 * The dashboard's Streak settings page in chromium against a real server on SQLite: what the owner
 * lets users choose (personalisation bounds) is saved with the rule and shown again after a reload,
 * and bounds the core would refuse are named in the page and never sent; conditions are added, their
 * mode chosen within the conditions' group, saved, shown again and removed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_RULE } from '../packages/server/src/accounts/starter-rule.js';
import type { TestServer } from '../packages/server/test/server.js';
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

/** The rule's conditions and mode as the server keeps them. */
async function savedConditions(): Promise<unknown> {
  const settings = await t.call('GET', '/admin/v1/streak', { key: t.adminKey });
  return { mode: settings.body.rule.mode, conditions: settings.body.rule.conditions };
}

/**
 * What the conditions' group shows: each row's metric and threshold, then the mode. The rows are
 * counted once the form is on the page (`count` does not wait, and the form comes after its load).
 */
async function shownConditions(page: Page): Promise<Array<string>> {
  const group = page.getByRole('group', { name: 'Conditions' });
  await group.getByLabel('Mode').waitFor();
  const rows = await group.getByRole('listitem').count();
  const values: string[] = [];
  for (let n = 1; n <= rows; n++) {
    values.push(await group.getByLabel(`Metric for condition ${n}`).inputValue());
    values.push(await group.getByLabel(`Threshold for condition ${n}`).inputValue());
  }
  values.push(await group.getByLabel('Mode').inputValue());
  return values;
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save streak settings' }).click();
  await page.getByRole('progressbar', { name: 'Rebuild progress' }).waitFor();
  await page.getByText(/users · done$/).waitFor();
}

describe('the conditions on the Streak settings page', () => {
  it('adds a condition, chooses "any" in the conditions, saves, shows them after a reload, and removes one', async () => {
    const made = await t.call('POST', '/admin/v1/metrics', { key: t.adminKey, body: [{ name: 'Minutes' }] });
    expect(made.body.created).toHaveLength(1);
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    await signInWithPassword(page);
    await openPage(page, 'Streak settings');
    expect(await shownConditions(page)).toEqual(['lessons', '1', 'all']);

    const group = page.getByRole('group', { name: 'Conditions' });
    await group.getByRole('button', { name: 'Add condition' }).click();
    await group.getByLabel('Metric for condition 2').selectOption('minutes');
    await group.getByLabel('Threshold for condition 2').fill('15');
    await group.getByLabel('Mode').selectOption('any');
    await save(page);
    expect(await savedConditions()).toEqual({
      mode: 'any',
      conditions: [
        { metric: 'lessons', threshold: 1 },
        { metric: 'minutes', threshold: 15 },
      ],
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Streak settings' }).waitFor();
    await page.getByLabel('Metric for condition 2').waitFor();
    expect(await shownConditions(page)).toEqual(['lessons', '1', 'minutes', '15', 'any']);

    await page.getByRole('button', { name: 'Remove condition 1' }).click();
    await expect.poll(() => shownConditions(page)).toEqual(['minutes', '15', 'any']);
    await expect(page.getByRole('button', { name: 'Remove condition 1' }).isDisabled()).resolves.toBe(true);
    await save(page);
    expect(await savedConditions()).toEqual({ mode: 'any', conditions: [{ metric: 'minutes', threshold: 15 }] });
  });
});
