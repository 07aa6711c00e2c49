/**
 * Every page of the dashboard at desktop and phone width, over two weeks of activity sent through
 * the HTTP API: no page scrolls sideways on a 375 px phone, and each is photographed for the docs
 * (e2e/.generated/screenshots, or docs/screenshots with KINDLING_UPDATE_SCREENSHOTS=1).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_RULE } from '../packages/server/src/accounts/starter-rule.js';
import type { TestServer } from '../packages/server/test/server.js';
import { callAdmin, sendDays, TravelClock } from './activity.js';
import {
  axisLabels,
  DESKTOP,
  launchChromium,
  statusCovers,
  openDashboard,
  openPage,
  pageScrollWidth,
  PHONE,
  screenshot,
  scrollToTop,
  signInWithPassword,
  startDashboardServer,
} from './browser.js';

const DAYS = 14;
const clock = new TravelClock('2026-03-02');
let t: TestServer;
let browser: Browser;

/** Who sent a lesson on each day: steady, frozen once, lost, late starters. */
function activity(): string[][] {
  return Array.from({ length: DAYS }, (_, day) =>
    [
      'ada',
      day !== 6 ? 'bob' : null,
      day <= 8 ? 'cy' : null,
      day >= 5 ? 'dee' : null,
      day >= 10 ? 'eli' : null,
      day === DAYS - 1 ? 'fay' : null,
    ].filter((user): user is string => user !== null),
  );
}

const admin = (method: string, path: string, body: unknown) => callAdmin(t.server.url, t.adminKey, method, path, body);

beforeAll(async () => {
  t = await startDashboardServer(clock.now);
  browser = await launchChromium();
  await admin('PUT', '/streak', { ...STARTER_RULE, restoreWindow: 3 });
  await admin('POST', '/achievements', [
    { name: 'First week', trigger: 'streak', streakLength: 7 },
    { name: 'Ten lessons', trigger: 'metric', metric: 'lessons', threshold: 10 },
  ]);
  await admin('POST', '/attributes', [
    { name: 'Plan', key: 'plan', type: 'user' },
    { name: 'Device', key: 'device', type: 'event' },
  ]);
  await sendDays(clock, t.server.url, t.appKey, 'lessons', activity());
  await makePointsSystem();
  await admin('POST', '/tenants', [
    { customerId: 'acme-corporation-eu-west', name: 'Acme Corporation (Europe)' },
    { customerId: 'globex', name: 'Globex' },
  ]);
  // two weeks of events through HTTP: more than the default 10 s on a busy machine
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The id of the item of the admin list at `path` whose key is `key`. */
async function idOf(path: string, key: string): Promise<string> {
  const listed = await t.call('GET', `/admin/v1${path}?limit=100`, { key: t.adminKey });
  const found = (listed.body as Array<{ id: string; key: string }>).find((item) => item.key === key);
  if (found === undefined) throw new Error(`no ${key} in ${path}`);
  return found.id;
}

/** An XP system with a trigger of each kind, three levels and a boost, for the Points page's picture. */
async function makePointsSystem(): Promise<void> {
  const device = await idOf('/attributes', 'device');
  const plan = await idOf('/attributes', 'plan');
  await admin('POST', '/points', [
    {
      name: 'XP',
      key: 'xp',
      maxPoints: 100000,
      triggers: [
        {
          type: 'metric',
          points: 10,
          status: 'active',
          metricId: await idOf('/metrics', 'lessons'),
          metricThreshold: 3,
          eventAttributes: [{ attributeId: device, attributeValue: 'mobile' }],
        },
        { type: 'streak', points: 5, status: 'active', streakLength: 7 },
        {
          type: 'achievement',
          points: 50,
          status: 'active',
          achievementId: await idOf('/achievements', 'ten-lessons'),
        },
        { type: 'user_creation', points: 100, status: 'active' },
        { type: 'time', points: -1, timeUnit: 'days', timeInterval: 2 },
      ],
      levels: [
        { name: 'Bronze', key: 'bronze', points: 0 },
        { name: 'Silver', key: 'silver', points: 500 },
        { name: 'Gold', key: 'gold', points: 2000 },
      ],
      boosts: [
        {
          name: 'Pro weekend',
          start: '2026-03-14',
          end: '2026-03-15',
          multiplier: 2,
          userAttributes: [{ attributeId: plan, attributeValue: 'pro' }],
        },
      ],
    },
  ]);
}

const pages: ReadonlyArray<{ name: string; open: (page: Page) => Promise<void> }> = [
  { name: 'overview', open: (page) => openPage(page, 'Overview') },
  { name: 'metrics', open: (page) => openPage(page, 'Metrics') },
  { name: 'streak-settings', open: (page) => openPage(page, 'Streak settings') },
  { name: 'achievements', open: (page) => openPage(page, 'Achievements') },
  {
    name: 'points',
    open: async (page) => {
      await openPage(page, 'Points');
      await page.getByRole('link', { name: 'XP', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'XP' }).waitFor();
    },
  },
  { name: 'attributes', open: (page) => openPage(page, 'Attributes') },
  {
    name: 'users',
    open: async (page) => {
      // "Last active" is told from the browser's clock: the one the events were sent by
      await page.clock.setFixedTime(clock.now());
      await openPage(page, 'Users');
      await page.getByRole('link', { name: 'fay', exact: true }).waitFor();
    },
  },
  {
    name: 'user',
    open: async (page) => {
      await openPage(page, 'Users');
      await page.getByRole('link', { name: 'bob', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'User bob' }).waitFor();
      // the points of each live system: bob's XP, with no award before the system was made
      await page.getByRole('heading', { level: 2, name: 'Points' }).waitFor();
      await page.getByRole('heading', { level: 3, name: 'XP' }).waitFor();
    },
  },
  { name: 'keys', open: (page) => openPage(page, 'API keys') },
  { name: 'webhooks', open: (page) => openPage(page, 'Webhooks') },
  { name: 'tenants', open: (page) => openPage(page, 'Tenants') },
];

/** Waits until the page has loaded what it shows (no "Loading …" text left). */
async function settle(page: Page): Promise<void> {
  await expect.poll(() => page.getByText(/^Loading /).count()).toBe(0);
}

describe('every page of the dashboard', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('fits a %s screen without scrolling sideways, and is photographed', async (_, viewport) => {
    const { context, page } = await openDashboard(browser, t.server.url, viewport);
    try {
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, 'sign-in');
      await signInWithPassword(page);
      // The "Signed in" message covers nothing of the page it opens on.
      await page
        .getByRole('status')
        .getByText(/^Signed in/)
        .waitFor();
      await settle(page);
      expect(await statusCovers(page)).toBe('');
      for (const { name, open } of pages) {
        await open(page);
        await settle(page);
        expect(await pageScrollWidth(page), `${name} scrolls sideways`).toBeLessThanOrEqual(viewport.width);
        // Chart labels stay legible: at least 10 CSS pixels tall, and no two on the bottom axis overlap.
        for (const chart of await axisLabels(page))
          expect(chart, `${name}: chart axis labels`).toEqual({ smallest: expect.any(Number), overlaps: false });
        for (const chart of await axisLabels(page))
          expect(chart.smallest, `${name}: smallest axis label`).toBeGreaterThanOrEqual(10);
        await scrollToTop(page);
        await screenshot(page, name);
      }
    } finally {
      await context.close();
    }
  });
});
