/**
 * The owner's dashboard in Debian's chromium against a real listening server: signing in and out,
 * a metric and a daily streak set up in the pages, events sent through the HTTP API, and the
 * overview and the user page showing what the API and the store's stats say.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plantAttempt, type TestServer } from '../packages/server/test/server.js';
import { getJson, sendDays, sendEvent, TravelClock } from './activity.js';
import {
  focusedName,
  launchChromium,
  openDashboard,
  openPage,
  signInWithPassword,
  startDashboardServer,
  storedInBrowser,
  tabTo,
  term,
} from './browser.js';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(t: TestServer): Promise<Page> {
  const { context, page } = await openDashboard(browser, t.server.url);
  contexts.push(context);
  return page;
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'kindling_session');
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
});

describe('the dashboard, signed in and out', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startDashboardServer();
  });
  afterAll(() => t?.close());

  it('refuses a wrong password: the error shows, the page stays on sign in and no cookie is set', async () => {
    const page = await open(t);
    await page.getByLabel('Owner password').fill('wrong horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('(INVALID_CREDENTIALS)');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    expect(await sessionCookie(page)).toBeUndefined();
  });

  it('makes keys whose secret works against the API until it is revoked in the page', async () => {
    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'API keys');
    await page.getByLabel('Key name').fill('Backend');
    await page.getByLabel('Kind').selectOption({ label: 'Application' });
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByLabel('New key secret').inputValue();
    expect(secret).toMatch(/^kl_app_/);
    await sendEvent(t.server.url, secret, 'lessons', 'ada');

    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page
      .getByRole('row', { name: /Backend/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('group', { name: 'Revoke Backend?' }).getByRole('button', { name: 'Yes, revoke' }).click();
    await page
      .getByRole('row', { name: /Backend/ })
      .getByText(/^revoked/)
      .waitFor();
    const refused = await fetch(`${t.server.url}/api/metrics/lessons/event`, {
      method: 'POST',
      headers: { 'X-API-KEY': secret, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { id: 'ada' }, value: 1 }),
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('REVOKED_API_KEY');
  });

  it('creates, renames and deletes a tenant, whose customer id then names it in the Tenant-ID header and then no more', async () => {
    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'Tenants');
    await page.getByLabel('Customer ID').fill('acme');
    await page.getByLabel('Tenant name').fill('Acme');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('row', { name: /Acme/ }).waitFor();
    const inAcme = (key: string) =>
      fetch(`${t.server.url}/v1/achievements`, { headers: { 'X-API-KEY': key, 'Tenant-ID': 'acme' } });
    expect((await inAcme(t.adminKey)).status).toBe(200);

    await page.getByRole('row', { name: /Acme/ }).getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name of Acme').fill('Acme Inc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('rowheader', { name: 'Acme Inc' }).waitFor();

    await page
      .getByRole('row', { name: /Acme Inc/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText("No tenants: every request uses the account's own users.").waitFor();
    const gone = await inAcme(t.adminKey);
    expect([gone.status, ((await gone.json()) as { code: string }).code]).toEqual([404, 'UNKNOWN_TENANT']);
  });

  it('adds a webhook endpoint, shows its signing secret once, turns it off and deletes it; an inward URL is refused, saying why', async () => {
    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'Webhooks');
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('KINDLING_WEBHOOK_ALLOW_PRIVATE');

    await page.getByLabel('Endpoint URL').fill('https://hooks.example.com/kindling');
    await page.getByLabel(/A streak was extended/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    const saved = await getJson<Array<{ url: string; types: string[]; enabled: boolean }>>(
      `${t.server.url}/admin/v1/webhooks`,
      t.adminKey,
    );
    expect(saved).toMatchObject([
      {
        url: 'https://hooks.example.com/kindling',
        types: ['streak.extended', 'streak.lost', 'streak.freeze_consumed'],
        enabled: true,
      },
    ]);
    expect(JSON.stringify(saved)).not.toContain(secret);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByLabel('Signing secret').waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /hooks\.example\.com/ });
    await row.getByRole('button', { name: 'Turn off' }).click();
    await row.getByRole('button', { name: 'Turn on' }).waitFor();
    expect(
      (await getJson<Array<{ enabled: boolean }>>(`${t.server.url}/admin/v1/webhooks`, t.adminKey))[0]?.enabled,
    ).toBe(false);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('group', { name: 'Delete the webhook to https://hooks.example.com/kindling?' })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await page.getByText('No endpoints yet.').waitFor();
    expect(await getJson(`${t.server.url}/admin/v1/webhooks`, t.adminKey)).toEqual([]);
  });

  it("shows an endpoint's delivery log with the last answer of each, and sends one again", async () => {
    const made = await fetch(`${t.server.url}/admin/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': t.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.com/log', types: ['streak.lost'] }),
    });
    const hook = (await made.json()) as { id: string };
    // a delivery that failed once, as the relay leaves it (the queue is the server's own)
    const at = Date.now();
    await plantAttempt(
      t.server.ctx.backend.deliveries,
      {
        id: 'log-1',
        endpointId: hook.id,
        orderKey: 'ada',
        type: 'streak.lost',
        payload: '{"length":4}',
        createdAt: at,
      },
      { at, status: 503, error: 'status 503', response: 'busy', ms: 40 },
      { status: 'failed' },
    );

    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'Webhooks');
    const row = page.getByRole('row', { name: /hooks\.example\.com\/log/ });
    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('region', { name: 'Deliveries to https://hooks.example.com/log' });
    const line = log.getByRole('row', { name: /streak\.lost/ });
    await expect.poll(() => line.textContent()).toContain('503 (status 503)');
    expect(await line.textContent()).toContain('failed');
    await line.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => line.textContent()).toContain('pending');
    expect((await t.server.ctx.backend.deliveries.get(hook.id, 'log-1'))?.status).toBe('pending');
    await fetch(`${t.server.url}/admin/v1/webhooks/${hook.id}`, {
      method: 'DELETE',
      headers: { 'x-api-key': t.adminKey },
    });
  });

  it('makes an inactive composite with a badge in the page and activates it: the users who already qualify get it', async () => {
    await sendEvent(t.server.url, t.appKey, 'lessons', 'zoe', 3);
    await sendEvent(t.server.url, t.appKey, 'lessons', 'yan', 1);
    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'Achievements');
    await page.getByLabel('Achievement name').fill('Three lessons');
    await page.getByLabel('Trigger').selectOption('metric');
    await page.getByLabel('Metric', { exact: true }).selectOption('lessons');
    await page.getByLabel('Threshold').fill('3');
    await page.getByLabel('Inactive until I activate it').check();
    await page.getByRole('button', { name: 'Create achievement' }).click();
    await page.getByRole('status').getByText('Achievement Three lessons created.').waitFor();

    await page.getByLabel('Achievement name').fill('Regular');
    await page.getByLabel('Trigger').selectOption('achievement');
    await page
      .getByRole('group', { name: 'Achievements it needs' })
      .getByLabel(/Three lessons/)
      .check();
    await page.getByLabel('Badge URL (optional)').fill('https://cdn.example.com/regular.png');
    await page.getByRole('button', { name: 'Create achievement' }).click();
    await page.getByRole('status').getByText('Achievement Regular created.').waitFor();
    await page
      .getByRole('row', { name: /Regular/ })
      .getByText('inactive')
      .waitFor();

    for (const name of ['Three lessons', 'Regular']) {
      await page
        .getByRole('row', { name: new RegExp(`^${name} `) })
        .getByRole('button', { name: 'Activate' })
        .click();
      await page.getByRole('status').getByText(`Achievement ${name} activated.`, { exact: false }).waitFor();
    }
    const held = (userId: string) =>
      getJson<Array<{ key: string }>>(`${t.server.url}/v1/users/${userId}/achievements`, t.appKey).then((list) =>
        list.map((a) => a.key),
      );
    await expect.poll(() => held('zoe')).toEqual(['three-lessons', 'regular']);
    expect(await held('yan')).toEqual([]);
    const listed = await getJson<Array<{ key: string; badgeUrl: string | null; achievementIds?: string[] }>>(
      `${t.server.url}/v1/achievements`,
      t.appKey,
    );
    expect(listed.find((a) => a.key === 'regular')).toMatchObject({
      badgeUrl: 'https://cdn.example.com/regular.png',
      achievementIds: [expect.any(String)],
    });
  });

  it('signs in with an admin key; a change without the CSRF header is refused, and signing out ends the session', async () => {
    const page = await open(t);
    await page.getByLabel('Admin key').fill(t.adminKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const cookie = `kindling_session=${(await sessionCookie(page))?.value}`;
    const createMetric = (headers: Record<string, string>) =>
      fetch(`${t.server.url}/admin/v1/metrics`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify([{ name: 'Runs' }]),
      });

    const withoutHeader = await createMetric({});
    expect(withoutHeader.status).toBe(403);
    expect(((await withoutHeader.json()) as { code: string }).code).toBe('CSRF_HEADER_REQUIRED');
    expect((await createMetric({ 'X-Kindling-CSRF': '1' })).status).toBe(201);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect((await fetch(`${t.server.url}/admin/v1/session`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("adds a pause to a user's streak on the user page and removes it again", async () => {
    await sendEvent(t.server.url, t.appKey, 'lessons', 'pia');
    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'Users');
    await page.getByLabel('Search users').fill('pia');
    await page.getByRole('link', { name: 'pia', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'User pia' }).waitFor();
    const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Pause start').fill(start);
    await page.getByLabel('Pause end').fill(end);
    await page.getByRole('button', { name: 'Add pause' }).click();
    const pauses = () =>
      getJson<{ pauses: unknown[] }>(`${t.server.url}/v1/users/pia/streak`, t.appKey).then(
        (streak) => streak.pauses.length,
      );
    await page.getByRole('button', { name: 'Remove' }).waitFor();
    expect(await pauses()).toBe(1);

    await page.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('group', { name: `Remove the pause ${start} to ${end}?` })
      .getByRole('button', { name: 'Yes, remove' })
      .click();
    await page.getByRole('heading', { name: 'Pauses' }).waitFor({ state: 'detached' });
    expect(await pauses()).toBe(0);
  });

  it('links the API reference (/docs) from the main navigation, and the link opens it', async () => {
    const page = await open(t);
    await signInWithPassword(page);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API docs', exact: true });
    expect(await link.getAttribute('href')).toBe('/docs');
    const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/docs');
    await link.click();
    expect((await opened).status()).toBe(200);
    // the Swagger UI page, which then reads the server's OpenAPI document
    await page.waitForURL(/\/docs$/);
    expect(await page.title()).toBe('Swagger UI');
  });

  it('works with the keyboard alone: Tab and Enter sign in and reach every page of the navigation', async () => {
    const page = await open(t);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await tabTo(page, 'Owner password', 'Tab');
    await page.keyboard.type('correct horse battery');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    for (const [link, heading] of [
      ['Tenants', 'Tenants'],
      ['Webhooks', 'Webhooks'],
      ['API keys', 'API keys'],
      ['Users', 'Users'],
      ['Attributes', 'Attributes'],
      ['Points', 'Points'],
      ['Achievements', 'Achievements'],
      ['Streak settings', 'Streak settings'],
      ['Metrics', 'Metrics'],
      ['Overview', 'Overview'],
    ] as const) {
      await tabTo(page, link, 'Shift+Tab');
      await page.keyboard.press('Enter');
      // The page's heading takes the focus, so the next Shift+Tab walks back into the navigation.
      await expect.poll(() => focusedName(page)).toBe(`H1 ${heading}`);
    }
  });
});

describe("an owner's first days", () => {
  const clock = new TravelClock('2026-03-10');
  let t: TestServer;
  beforeAll(async () => {
    t = await startDashboardServer(clock.now);
  });
  afterAll(() => t?.close());

  it('sets up a metric and a daily streak in the pages; the overview and user page show the events sent since, and follow a rule change', async () => {
    const url = t.server.url;
    const page = await open(t);
    await signInWithPassword(page);
    const cookie = await sessionCookie(page);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const stored = await storedInBrowser(page);
    expect(stored).not.toMatch(/kl_(app|admin)_/);
    expect(cookie?.value).not.toMatch(/kl_(app|admin)_/);

    await openPage(page, 'Metrics');
    await page.getByLabel('Metric name').fill('Workouts');
    expect(await page.getByLabel('Metric key').inputValue()).toBe('workouts');
    await page.getByRole('button', { name: 'Create metric' }).click();
    await page.getByRole('status').getByText('Metric Workouts created with key workouts.').waitFor();

    await openPage(page, 'Streak settings');
    await page.getByLabel('Frequency').selectOption('daily');
    await page.getByLabel('Metric for condition 1').selectOption('workouts');
    await page.getByLabel('Threshold for condition 1').fill('1');
    await page.getByRole('button', { name: 'Save streak settings' }).click();
    await page.getByRole('progressbar', { name: 'Rebuild progress' }).waitFor();
    await page.getByText(/users · done$/).waitFor();
    await page.getByRole('link', { name: 'See the overview' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // Five days of workouts: ada two a day, bob one the last three days, cy the first two, dee today.
    await sendDays(clock, url, t.appKey, 'workouts', [
      ['ada', 'ada', 'cy'],
      ['ada', 'ada', 'cy'],
      ['ada', 'ada', 'bob'],
      ['ada', 'ada', 'bob'],
      ['ada', 'ada', 'bob', 'dee'],
    ]);

    // Four days later the 12-hour session is long over: the owner signs in again.
    const later = await open(t);
    await signInWithPassword(later);
    const api = await getJson<Analytics>(`${url}/admin/v1/analytics/streaks?top=10&days=30`, t.adminKey);
    const runtime = await t.server.ctx.engines.runtimeFor(t.server.firstStart!.account.id);
    const stats = await runtime.engine.stats({ top: 10, at: clock.now() });
    expect({ active: api.activeStreaks, average: api.averageLength, top: api.topCurrent }).toEqual({
      active: 3,
      average: 3,
      top: [
        { userId: 'ada', length: 5 },
        { userId: 'bob', length: 3 },
        { userId: 'dee', length: 1 },
      ],
    });
    expect({ ...stats, at: undefined }).toEqual({ ...api, daily: undefined, at: undefined });

    await expect.poll(() => term(later, 'Active streaks').textContent()).toBe(String(api.activeStreaks));
    expect(Number(await term(later, 'Average length of active streaks').textContent())).toBe(
      Math.round(api.averageLength * 10) / 10,
    );
    expect(await term(later, 'Longest ever').textContent()).toBe(String(api.topLongest[0]?.longest));
    expect(await tableRows(later, 'Longest current streaks')).toEqual(
      api.topCurrent.map((r, i) => [String(i + 1), r.userId, String(r.length)]),
    );
    expect(await tableRows(later, 'Longest streaks ever')).toEqual(
      api.topLongest.map((r, i) => [String(i + 1), r.userId, String(r.longest)]),
    );

    await later
      .getByRole('region', { name: 'Longest current streaks' })
      .first()
      .getByRole('link', { name: 'bob' })
      .click();
    await later.getByRole('heading', { level: 1, name: 'User bob' }).waitFor();
    const streak = await getJson<StreakRead>(`${url}/v1/users/bob/streak?historyPeriods=366`, t.appKey);
    expect(streak.length).toBe(3);
    await expect.poll(() => term(later, 'Current streak').textContent()).toBe(String(streak.length));
    expect(await term(later, 'Longest').textContent()).toBe(String(streak.longest));
    // The calendar starts at the user's first active period; before it there is nothing to show.
    const history = streak.streakHistory.slice(streak.streakHistory.findIndex((p) => p.length > 0));
    const cells = later.getByRole('list', { name: `${history.length} periods, oldest first` }).getByRole('listitem');
    expect(
      await cells.evaluateAll((items) => items.map((item) => item.querySelector('.visually-hidden')?.textContent)),
    ).toEqual(
      history.map((p, i) => {
        const current = i === history.length - 1;
        const state = p.length > 0 ? 'Held' : current ? 'Open (the current period, not met yet)' : 'Missed';
        return `${p.periodStart}: ${state}, streak ${p.length}${current ? ' (current period)' : ''}`;
      }),
    );

    // Two workouts a day from now on: saving rebuilds all four users, and the overview follows.
    await openPage(later, 'Streak settings');
    await later.getByLabel('Threshold for condition 1').fill('2');
    await later.getByRole('button', { name: 'Save streak settings' }).click();
    await later.getByRole('progressbar', { name: 'Rebuild progress' }).waitFor();
    await later.getByText('4 of 4 users · done').waitFor();
    await later.getByRole('link', { name: 'See the overview' }).click();
    await later.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const rebuilt = await getJson<Analytics>(`${url}/admin/v1/analytics/streaks?top=10&days=30`, t.adminKey);
    expect(rebuilt.topCurrent).toEqual([{ userId: 'ada', length: 5 }]);
    await expect.poll(() => term(later, 'Active streaks').textContent()).toBe('1');
    expect(await tableRows(later, 'Longest current streaks')).toEqual([['1', 'ada', '5']]);
  });
});

interface Analytics {
  activeStreaks: number;
  averageLength: number;
  topCurrent: Array<{ userId: string; length: number }>;
  topLongest: Array<{ userId: string; longest: number }>;
}

interface StreakRead {
  length: number;
  longest: number;
  streakHistory: Array<{ periodStart: string; periodEnd: string; length: number }>;
}

/** The cells of each body row of the table in the region named `name`. */
function tableRows(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('region', { name })
    .first()
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
}

describe('the overview, while users are away', () => {
  const clock = new TravelClock('2026-03-02');
  let t: TestServer;
  beforeAll(async () => {
    t = await startDashboardServer(clock.now);
  });
  afterAll(() => t?.close());

  it("shows per day as many losses as there were streak.lost changes on each user's local day", async () => {
    // an endpoint is on: the account's changes go to its outbox (no relay runs in tests: they stay there)
    const hook = await fetch(`${t.server.url}/admin/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': t.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.com/losses', types: ['streak.lost'] }),
    });
    expect(hook.status).toBe(201);
    const zones: Record<string, string> = {
      kei: 'Asia/Tokyo',
      kim: 'Asia/Tokyo',
      nia: 'America/New_York',
      ned: 'America/New_York',
      uma: 'UTC',
    };
    // everyone sends a lesson on the 2nd; some again on the 3rd and 4th; then all stay away
    const days = [Object.keys(zones), ['kei', 'nia', 'uma'], ['uma']];
    for (const [i, users] of days.entries()) {
      for (const id of users) {
        const response = await fetch(`${t.server.url}/api/metrics/lessons/event`, {
          method: 'POST',
          headers: { 'x-api-key': t.appKey, 'content-type': 'application/json' },
          body: JSON.stringify({ user: { id, tz: zones[id] }, value: 1 }),
        });
        expect(response.status).toBe(201);
      }
      if (i < days.length - 1) clock.nextDay();
    }
    // the sweeper runs as the days go by, nobody comes back
    for (let day = 0; day < 5; day++) {
      clock.nextDay();
      await t.server.ctx.sweeper.sweepOnce();
    }

    const store = t.server.ctx.backend.storeFor(
      (await getJson<{ id: string }>(`${t.server.url}/admin/v1/account`, t.adminKey)).id,
    );
    const lossesByDay = new Map<string, number>();
    for (const { entry } of await store.readOutbox(1000)) {
      if (entry.change.type !== 'streak.lost') continue;
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: zones[entry.userId] }).format(entry.at);
      lossesByDay.set(day, (lossesByDay.get(day) ?? 0) + 1);
    }
    expect([...lossesByDay.values()].reduce((a, b) => a + b, 0)).toBe(5);

    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'Overview');
    await page.getByText('Per day as a table').click();
    const rows = await page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Losses' }) })
      .getByRole('row')
      .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    const shown = new Map(rows.filter((cells) => Number(cells[3]) > 0).map((cells) => [cells[0], Number(cells[3])]));
    expect(shown).toEqual(lossesByDay);
  });
});

/** The names in the table's rows. */
async function keyNames(page: Page): Promise<string[]> {
  return page.getByRole('table').locator('tbody tr th').allTextContents();
}

describe('the API keys page, with more keys than a page shows (an application key is made per user)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startDashboardServer();
  });
  afterAll(() => t?.close());

  it('shows a hundred keys at a time, in the order they were made, and pages through the rest', async () => {
    for (let b = 0; b < 2; b++)
      await t.call('POST', '/admin/v1/application-api-keys', {
        key: t.adminKey,
        body: Array.from({ length: 60 }, (_, i) => ({ userId: `user-${b * 60 + i}` })),
      });
    const page = await open(t);
    await signInWithPassword(page);
    await openPage(page, 'API keys');
    const pages = page.getByRole('navigation', { name: 'Pages of keys' });
    await expect.poll(() => keyNames(page)).toHaveLength(100);
    const first = await keyNames(page);
    expect(first.slice(0, 3)).toEqual(['first admin key', 'first application key', 'for user user-0']);
    expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('heading', { name: 'Your keys, page 2' }).waitFor();
    await expect.poll(() => keyNames(page)).toHaveLength(22);
    expect((await keyNames(page)).at(-1)).toBe('for user user-119');
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('heading', { name: 'Your keys', exact: true }).waitFor();
    await expect.poll(() => keyNames(page)).toEqual(first);
  });
});
