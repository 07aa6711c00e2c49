/**
 * Names as long as the API allows (255 characters, without a space) in the dashboard's tables: the
 * text wraps in its cell, so each row's buttons and last column stay on a 1280 px screen instead of
 * thousands of pixels to the right of it.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/src/test-server.js';
import { callAdmin, sendEvent } from './activity.js';
import {
  DESKTOP,
  launchChromium,
  openDashboard,
  openPage,
  signInWithPassword,
  startDashboardServer,
} from './browser.js';

const LONG = 'x'.repeat(255);
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
  await sendEvent(t.server.url, t.appKey, 'k'.repeat(64), `user-${LONG}`.slice(0, 255));
  ({ context, page } = await openDashboard(browser, t.server.url, DESKTOP));
  await signInWithPassword(page);
});
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

  it("keeps the user's last column (time zone) on the screen", async () => {
    await openPage(page, 'Users');
    const row = page.getByRole('row', { name: /user-x/ });
    const zone = await extent(row.getByRole('cell').last());
    expect(zone, `the time zone spans ${zone.left}..${zone.right} px`).toSatisfy(withinScreen);
  });
});
