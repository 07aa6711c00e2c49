/**
 * Attribute filters in the dashboard's achievement form, in chromium against a real server on SQLite
 * (docs/semantics.md S22, S25): a metric achievement made in the page only for users with a plan and
 * counting only events from a device is listed with its filters, and completes only for a user with
 * that plan from events with that device; an attribute filtered twice is named in the page and nothing
 * is sent.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const declared = await t.call('POST', '/admin/v1/attributes', {
    key: t.adminKey,
    body: [
      { name: 'Plan', key: 'plan', type: 'user' },
      { name: 'Device', key: 'device', type: 'event' },
    ],
  });
  expect(declared.status, JSON.stringify(declared.body)).toBe(201);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

/** Records one lesson for `userId` with this plan, from this device, through the HTTP API. */
async function sendLesson(userId: string, plan: string, device: string): Promise<void> {
  const sent = await t.call('POST', '/v1/metrics/lessons/event', {
    body: { user: { id: userId, attributes: { plan } }, value: 1, attributes: { device } },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
}

/** The keys of the achievements `userId` holds, as the API tells them. */
async function held(userId: string): Promise<string[]> {
  const answer = await t.call('GET', `/v1/users/${userId}/achievements`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as Array<{ key: string }>).map((a) => a.key);
}

/** Chooses an attribute and types its value in row `n` of the user or event filters. */
async function fillFilter(page: Page, of: 'User' | 'Event', n: number, key: string, value: string): Promise<void> {
  await page.getByLabel(`${of} attribute ${n}`, { exact: true }).selectOption(key);
  await page.getByLabel(`Value of ${of.toLowerCase()} attribute ${n}`, { exact: true }).fill(value);
}

describe('attribute filters in the achievement form', () => {
  it('refuses an attribute filtered twice without sending, then makes a filtered metric achievement that only a matching user completes from matching events', async () => {
    ({ context } = await openDashboard(browser, t.server.url));
    const page = context.pages()[0] as Page;
    const posts = bodiesSent(page, 'POST', '/admin/v1/achievements');
    await signInWithPassword(page);
    await openPage(page, 'Achievements');

    await page.getByLabel('Achievement name').fill('Pro on iOS');
    await page.getByLabel('Trigger').selectOption('metric');
    await page.getByLabel('Metric', { exact: true }).selectOption('lessons');
    await page.getByLabel('Threshold').fill('2');
    const users = page.getByRole('group', { name: 'Only for users with' });
    await users.getByRole('button', { name: 'Add user filter' }).click();
    await fillFilter(page, 'User', 1, 'plan', 'pro');
    await users.getByRole('button', { name: 'Add user filter' }).click();
    await fillFilter(page, 'User', 2, 'plan', 'team');
    await page.getByRole('button', { name: 'Create achievement' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Only for users with: plan is filtered twice; keep one filter per attribute.');
    expect(posts).toEqual([]);

    await users.getByRole('button', { name: 'Remove user filter 2' }).click();
    await page
      .getByRole('group', { name: 'Only events with' })
      .getByRole('button', { name: 'Add event filter' })
      .click();
    await fillFilter(page, 'Event', 1, 'device', 'ios');
    await page.getByRole('button', { name: 'Create achievement' }).click();
    await page
      .getByRole('status')
      .getByText(/^Achievement Pro on iOS created\./)
      .waitFor();
    expect(posts.map((body) => JSON.parse(body))).toEqual([
      [
        {
          name: 'Pro on iOS',
          key: 'pro-on-ios',
          trigger: 'metric',
          metric: 'lessons',
          threshold: 2,
          userAttributes: [{ key: 'plan', value: 'pro' }],
          eventAttributes: [{ key: 'device', value: 'ios' }],
        },
      ],
    ]);
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /^Pro on iOS / })
          .getByRole('cell')
          .allTextContents(),
      )
      .toContain('users: plan = pro; events: device = ios');

    // a user with the plan: an event from another device does not count toward the threshold
    await sendLesson('ada', 'pro', 'ios');
    await sendLesson('ada', 'pro', 'android');
    expect(await held('ada')).toEqual([]);
    await sendLesson('ada', 'pro', 'ios');
    expect(await held('ada')).toEqual(['pro-on-ios']);
    // events from the device, but a user without the plan; the plan, but no event from the device
    for (let i = 0; i < 3; i++) await sendLesson('bob', 'free', 'ios');
    for (let i = 0; i < 3; i++) await sendLesson('cy', 'pro', 'android');
    expect(await held('bob')).toEqual([]);
    expect(await held('cy')).toEqual([]);
  });
});
