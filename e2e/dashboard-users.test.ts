/**
 * The dashboard's Users page in chromium: a table of every user a page at a time (next and back
 * again), a search as one types, and a row that opens the user's page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../packages/server/test/server.js';
import { launchChromium, openDashboard, openPage, signInWithPassword, startDashboardServer } from './browser.js';

const USERS = 60;
const now = Date.parse('2026-03-10T12:00:00Z');
let t: TestServer;
let browser: Browser;
let context: BrowserContext;

const idOf = (i: number) => `learner-${String(i).padStart(3, '0')}`;

beforeAll(async () => {
  t = await startDashboardServer(() => now);
  browser = await launchChromium();
  const events = Array.from({ length: USERS }, (_, i) => ({
    key: 'lessons',
    user: {
      id: idOf(i),
      email: i === 42 ? 'Grace.Hopper@Navy.example' : `${idOf(i)}@example.com`,
      tz: 'Europe/Berlin',
    },
    value: 1,
  }));
  const response = await fetch(`${t.server.url}/admin/v1/metrics/events`, {
    method: 'POST',
    headers: { 'X-API-KEY': t.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(events),
  });
  expect(response.status, await response.clone().text()).toBe(202);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

/** The user ids in the table's rows, in order. */
function rowIds(page: Page): Promise<string[]> {
  return page.getByRole('table').locator('tbody tr th').allTextContents();
}

describe('the Users page', () => {
  it('pages through every user, searches as one types and opens a user', async () => {
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    // the browser's clock, which "Last active" is told from, three days after the events
    await page.clock.setFixedTime(now + 3 * 86_400_000);
    await signInWithPassword(page);
    await openPage(page, 'Users');

    const table = page.getByRole('table');
    await table.getByRole('link', { name: idOf(0), exact: true }).waitFor();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['User id', 'Email', 'Current streak', 'Longest', 'Last active', 'Time zone']);
    const first = await rowIds(page);
    expect(first).toEqual(Array.from({ length: 25 }, (_, i) => idOf(i)));
    const row = table.locator('tbody tr').first();
    expect(await row.locator('td').allTextContents()).toEqual([
      `${idOf(0)}@example.com`,
      '1',
      '1',
      '3 days ago (Mar 10, 2026, 12:00 PM)',
      'Europe/Berlin',
    ]);

    const previous = page.getByRole('button', { name: 'Previous page' });
    const next = page.getByRole('button', { name: 'Next page' });
    expect(await previous.isDisabled()).toBe(true);
    const seen = [...first];
    for (const expected of [25, 10]) {
      await next.click();
      await table.getByRole('link', { name: idOf(seen.length), exact: true }).waitFor();
      const ids = await rowIds(page);
      expect(ids).toHaveLength(expected);
      seen.push(...ids);
    }
    expect(seen).toEqual(Array.from({ length: USERS }, (_, i) => idOf(i)));
    await expect.poll(() => next.isDisabled()).toBe(true);
    await previous.click();
    await table.getByRole('link', { name: idOf(25), exact: true }).waitFor();
    await previous.click();
    await table.getByRole('link', { name: idOf(0), exact: true }).waitFor();
    expect(await previous.isDisabled()).toBe(true);

    // typed one key at a time: the page asks once typing stops, and finds the email by any part, any case
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/admin/v1/users' && url.searchParams.has('search'))
        searches.push(url.searchParams.get('search') as string);
    });
    const search = page.getByLabel('Search users');
    await search.pressSequentially('hopper', { delay: 30 });
    await expect.poll(() => rowIds(page)).toEqual([idOf(42)]);
    expect(searches).toEqual(['hopper']);
    await search.fill('learner-05');
    await expect.poll(() => rowIds(page)).toEqual(Array.from({ length: 10 }, (_, i) => idOf(50 + i)));
    await search.fill('nobody at all');
    await page.getByText('No users match “nobody at all”.').waitFor();

    await search.fill('hopper');
    await table.getByRole('link', { name: idOf(42), exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `User ${idOf(42)}` }).waitFor();
  });

  it('shows the direction controls in an email as codes, so that it passes for no other; an id holding them is refused', async () => {
    const send = (id: string) =>
      fetch(`${t.server.url}/admin/v1/metrics/events`, {
        method: 'POST',
        headers: { 'X-API-KEY': t.adminKey, 'Content-Type': 'application/json' },
        body: JSON.stringify([{ key: 'lessons', user: { id, email: '\u202emoc.elpmaxe@nimda' }, value: 1 }]),
      });
    // an id is what a user is known by: since issue 44 one with direction controls is never written
    const spoofed = await send('zz-spoof\u202e');
    expect(spoofed.status, await spoofed.clone().text()).toBeGreaterThanOrEqual(400);
    const response = await send('zz-spoof');
    expect(response.status, await response.clone().text()).toBe(202);
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    await signInWithPassword(page);
    await openPage(page, 'Users');
    await page.getByLabel('Search users').fill('zz-spoof');
    const row = page.getByRole('table').locator('tbody tr');
    await expect.poll(() => rowIds(page)).toEqual(['zz-spoof']);
    expect(await row.locator('td').first().textContent()).toBe('[U+202E]moc.elpmaxe@nimda');
  });
});
