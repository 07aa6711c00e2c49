/**
 * Names as long as the API allows (255 characters, without a space) in the dashboard's tables: the
 * text wraps in its cell, so each row's buttons and last column stay on a 1280 px screen instead of
 * thousands of pixels to the right of it, and the Achievements table, the widest, fits its box. A
 * long zone name on the user page breaks only where a word ends.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/test/server.js';
import { callAdmin, sendEvent } from './activity.js';
import {
  DESKTOP,
  launchChromium,
  openDashboard,
  openPage,
  pageScrollWidth,
  PHONE,
  screenshot,
  signInWithPassword,
  startDashboardServer,
  tableBoxes,
  term,
  termLines,
} from './browser.js';

const LONG = 'x'.repeat(255);
/** One of the longest zone names the server keeps as given (America/Argentina/ComodRivadavia it keeps as Catamarca) */
const ZONE = 'America/Argentina/Rio_Gallegos';
const ZONED = 'rivadavia';
let t: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const admin = (method: string, path: string, body: unknown) => callAdmin(t.server.url, t.adminKey, method, path, body);

beforeAll(async () => {
  t = await startDashboardServer();
  browser = await launchChromium();
  await admin('POST', '/metrics', [{ name: `lessons-${LONG}`.slice(0, 255), key: 'k'.repeat(64) }]);
  await admin('POST', '/keys', { name: `backend-${LONG}`.slice(0, 255), kind: 'application' });
  await admin('POST', '/attributes', [{ name: `plan-${LONG}`.slice(0, 255), key: 'p'.repeat(64), type: 'user' }]);
  await admin('POST', '/achievements', [
    {
      name: `ten-${LONG}`.slice(0, 255),
      key: 'a'.repeat(64),
      trigger: 'metric',
      metric: 'k'.repeat(64),
      threshold: 10,
      userAttributes: [{ key: 'p'.repeat(64), value: 'v'.repeat(255) }],
    },
  ]);
  await sendEvent(t.server.url, t.appKey, 'k'.repeat(64), `user-${LONG}`.slice(0, 255));
  const zoned = await fetch(`${t.server.url}/api/metrics/${'k'.repeat(64)}/event`, {
    method: 'POST',
    headers: { 'X-API-KEY': t.appKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: { id: ZONED, tz: ZONE }, value: 1 }),
  });
  expect(zoned.status, await zoned.clone().text()).toBe(201);
  ({ context, page } = await openDashboard(browser, t.server.url, DESKTOP));
  await signInWithPassword(page);
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

/**
 * The horizontal extent of an element, in CSS pixels of the viewport, as the page first shows it
 * (not scrolled into view: that would scroll the table's own box sideways and hide the fault).
 */
async function extent(locator: Locator): Promise<{ left: number; right: number }> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (box === null) throw new Error('the element is not shown');
  return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
}

function withinScreen({ left, right }: { left: number; right: number }): boolean {
  return left >= 0 && right <= DESKTOP.width;
}

describe('a 255-character name in the dashboard’s tables at 1280 px', () => {
  it("keeps the metric's Archive button on the screen", async () => {
    await openPage(page, 'Metrics');
    const row = page.getByRole('row', { name: /lessons-x/ });
    const archive = await extent(row.getByRole('button', { name: 'Archive' }));
    expect(archive, `the Archive button spans ${archive.left}..${archive.right} px`).toSatisfy(withinScreen);
  });

  it("keeps the key's Revoke button on the screen", async () => {
    await openPage(page, 'API keys');
    const row = page.getByRole('row', { name: /backend-x/ });
    const revoke = await extent(row.getByRole('button', { name: 'Revoke' }));
    expect(revoke, `the Revoke button spans ${revoke.left}..${revoke.right} px`).toSatisfy(withinScreen);
  });

  it('fits the Achievements page on the screen and its table in its box, without scrolling either sideways', async () => {
    await openPage(page, 'Achievements');
    const row = page.getByRole('row', { name: /ten-x/ });
    await row.waitFor();
    // the form's metric choice names the long metric too
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    const [box] = await tableBoxes(page);
    expect(box?.scroll, `the table is ${box?.scroll} px wide in a box of ${box?.client} px`).toBeLessThanOrEqual(
      box?.client ?? 0,
    );
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'achievements-long-names');
  });

  it("keeps the user's last column (time zone) on the screen", async () => {
    await openPage(page, 'Users');
    const row = page.getByRole('row', { name: /user-x/ });
    const zone = await extent(row.getByRole('cell').last());
    expect(zone, `the time zone spans ${zone.left}..${zone.right} px`).toSatisfy(withinScreen);
  });
});

describe('a long zone name on the user page', () => {
  it('breaks only after a slash, never inside a word, at desktop and phone width', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/#/users/${ZONED}`);
      await expect.poll(() => term(page, 'Time zone').textContent()).toBe(ZONE);
      const shown = await termLines(page, 'Time zone');
      expect(shown?.wordBreak).not.toBe('break-all');
      const lines = shown?.lines ?? [];
      for (const line of lines.slice(0, -1))
        expect(line, `lines at ${viewport.width} px: ${JSON.stringify(lines)}`).toMatch(/\/$/);
      await screenshot(page, 'user-long-zone');
    }
    await page.setViewportSize(DESKTOP);
  });
});
