/**
 * What the dashboard's browser tests share: the built dashboard (or a failure saying how to build
 * it), Debian's chromium driven by playwright-core, signing in through the page, and screenshots.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { bundledDashboard } from '../packages/server/src/server.js';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';

export const OWNER_PASSWORD = 'correct horse battery';
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

const root = fileURLToPath(new URL('..', import.meta.url));
/** The server's own copy of the built dashboard (what the published package serves), made by `pnpm build`. */
export const dashboardDir = bundledDashboard();
/**
 * Screenshots go to e2e/.generated/screenshots (not committed) on every run; with
 * KINDLING_UPDATE_SCREENSHOTS=1 they replace the committed ones in docs/screenshots that the README shows.
 */
const screenshotDir =
  process.env.KINDLING_UPDATE_SCREENSHOTS === '1' ? `${root}docs/screenshots` : `${root}e2e/.generated/screenshots`;

/** Fails (rather than skipping) when the dashboard was not built. */
export function requireBuiltDashboard(): void {
  if (!existsSync(`${dashboardDir}/index.html`)) {
    throw new Error(
      'packages/server/dashboard is missing: run `pnpm build` (it builds the dashboard and copies it into the server) before the browser tests',
    );
  }
}

/** A listening server serving the built dashboard, whose first account has the owner password. */
export function startDashboardServer(clock?: () => number): Promise<TestServer> {
  requireBuiltDashboard();
  return startTestServer({
    listen: true,
    env: { KINDLING_OWNER_PASSWORD: OWNER_PASSWORD, KINDLING_DASHBOARD_DIR: dashboardDir },
    ...(clock ? { clock } : {}),
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh browser context (no cookies, no storage) on the server, with generous waits. */
export async function openDashboard(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: url,
    viewport,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

/** The bodies the page sends with `method` to `path` from now on, in order: filled as requests go out. */
export function bodiesSent(page: Page, method: string, path: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** Signs in through the sign-in page and waits for the overview. */
export async function signInWithPassword(page: Page, password = OWNER_PASSWORD): Promise<void> {
  await page.getByLabel('Owner password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/** Goes to a page through the main navigation and waits for its heading. */
export async function openPage(page: Page, link: string, heading = link): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** The text of a `<dd>` after the `<dt>` with this term. */
export function term(page: Page, name: string) {
  return page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** Writes <screenshotDir>/<name>-<desktop|phone>.png of the viewport, once no status message covers it. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.locator('.status:not(:empty)').waitFor({ state: 'detached' });
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? DESKTOP.width;
  await page.screenshot({
    path: `${screenshotDir}/${name}-${width <= PHONE.width ? 'phone' : 'desktop'}.png`,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Scripts run in the page, as text: the tests' TypeScript has no DOM types. */
const inPage = {
  statusCovers: `(() => {
    const status = document.querySelector('.status');
    if (status === null || status.textContent === '') return 'no status shown';
    const s = status.getBoundingClientRect();
    const covered = [...document.querySelectorAll('main h1, main h2, main table, main dl, main form, main svg, main p')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && s.left < r.right && r.left < s.right && s.top < r.bottom && r.top < s.bottom;
    });
    return covered.map((e) => e.tagName + ' ' + (e.textContent || '').slice(0, 30)).join('; ');
  })()`,
  axisLabels: `(() => [...document.querySelectorAll('.chart svg')].map((svg) => {
    const texts = [...svg.querySelectorAll('text.axis')];
    const labels = texts.map((t) => t.getBoundingClientRect());
    const bottom = texts.filter((t) => t.getAttribute('text-anchor') === 'middle').map((t) => t.getBoundingClientRect());
    const overlaps = bottom.some((r, i) => bottom.some((q, j) => j > i && r.left < q.right && q.left < r.right));
    return { smallest: Math.min(...labels.map((r) => r.height)), overlaps };
  }))()`,
  scrollWidth: 'document.documentElement.scrollWidth',
  tableBoxes: `[...document.querySelectorAll('main .table-scroll')].map((box) => ({
    label: (box.getAttribute('aria-labelledby') && document.getElementById(box.getAttribute('aria-labelledby'))?.textContent) || '',
    scroll: box.scrollWidth,
    client: box.clientWidth,
  }))`,
  termLines: (name: string) => `(() => {
    const dt = [...document.querySelectorAll('dt')].find((e) => e.textContent === ${JSON.stringify(name)});
    const dd = dt?.nextElementSibling;
    if (!dd) return null;
    const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
    const lines = [];
    const range = document.createRange();
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const last = lines[lines.length - 1];
        if (last !== undefined && Math.abs(last.top - top) < 2) last.text += node.data[i];
        else lines.push({ top, text: node.data[i] });
      }
    }
    return { lines: lines.map((line) => line.text), wordBreak: getComputedStyle(dd.firstElementChild ?? dd).wordBreak };
  })()`,
  scrollToTop: 'window.scrollTo(0, 0)',
  stored: "[document.cookie, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })].join(' ')",
  focused: `(() => {
    const element = document.activeElement;
    if (element === null) return '';
    const label = element.labels?.[0]?.textContent ?? element.textContent ?? '';
    return element.tagName + ' ' + label.trim();
  })()`,
};

/** What in the main region the status message covers ('' when nothing; 'no status shown' without one). */
export function statusCovers(page: Page): Promise<string> {
  return page.evaluate<string>(inPage.statusCovers);
}

/** For each chart: the height in CSS pixels of its smallest axis label, and whether labels of the bottom axis overlap. */
export function axisLabels(page: Page): Promise<Array<{ smallest: number; overlaps: boolean }>> {
  return page.evaluate<Array<{ smallest: number; overlaps: boolean }>>(inPage.axisLabels);
}

/** How wide the page's content is: more than the viewport means a horizontal page scroll. */
export function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate<number>(inPage.scrollWidth);
}

/** Each table box of the main region (the table's heading, its content's width and its own): wider content scrolls in the box. */
export function tableBoxes(page: Page): Promise<Array<{ label: string; scroll: number; client: number }>> {
  return page.evaluate<Array<{ label: string; scroll: number; client: number }>>(inPage.tableBoxes);
}

/** The text of each line the `<dd>` after the `<dt>` `name` is laid out in, and its text's word-break; null without one. */
export function termLines(page: Page, name: string): Promise<{ lines: string[]; wordBreak: string } | null> {
  return page.evaluate<{ lines: string[]; wordBreak: string } | null>(inPage.termLines(name));
}

export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(inPage.scrollToTop);
}

/** Everything the page's script can read and keep: its cookies, localStorage and sessionStorage. */
export function storedInBrowser(page: Page): Promise<string> {
  return page.evaluate<string>(inPage.stored);
}

/** The focused element's tag and accessible text (its label's for an input), e.g. "A Metrics". */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate<string>(inPage.focused);
}

/** Presses `key` until the element named `name` has the focus (at most 40 presses). */
export async function tabTo(page: Page, name: string, key: 'Tab' | 'Shift+Tab'): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(key);
    if ((await focusedName(page)).endsWith(` ${name}`)) return;
  }
  throw new Error(`${key} never reached ${name}`);
}
