/**
 * Activity over several days for the dashboard's browser tests: a server clock the test moves a day
 * at a time (real time still passes within a day, for rate limits), and events sent through the
 * HTTP API with an application key.
 */
import { expect } from 'vitest';

export const DAY_MS = 86_400_000;

/**
 * A clock at 10:00 UTC on `firstDay` (YYYY-MM-DD) that `nextDay()` moves forward. Fixed dates keep
 * the screenshots the same from one run to the next.
 */
export class TravelClock {
  private base: number;
  private readonly started = Date.now();

  constructor(firstDay: string) {
    this.base = Date.parse(`${firstDay}T10:00:00Z`);
  }

  readonly now = (): number => this.base + (Date.now() - this.started);

  nextDay(): void {
    this.base += DAY_MS;
  }
}

/** Records one event through the HTTP API and expects it to be taken (201). */
export async function sendEvent(url: string, key: string, metric: string, userId: string, value = 1): Promise<void> {
  const response = await fetch(`${url}/api/metrics/${encodeURIComponent(metric)}/event`, {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: { id: userId }, value }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/**
 * Sends one event of `metric` for each user active on each day, `days[i]` listing the users of
 * day i, starting on the clock's day and moving the clock one day after each.
 */
export async function sendDays(
  clock: TravelClock,
  url: string,
  key: string,
  metric: string,
  days: ReadonlyArray<readonly string[]>,
): Promise<void> {
  for (const [i, users] of days.entries()) {
    for (const userId of users) await sendEvent(url, key, metric, userId);
    if (i < days.length - 1) clock.nextDay();
  }
}

/** GET with a key, answering the parsed JSON body (and failing on anything but 200). */
export async function getJson<T>(url: string, key: string): Promise<T> {
  const response = await fetch(url, { headers: { 'X-API-KEY': key } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/** Calls the admin API of the server at `url` with `adminKey`, and expects it to answer 2xx (the body says why not). */
export async function callAdmin(
  url: string,
  adminKey: string,
  method: string,
  path: string,
  body: unknown,
): Promise<void> {
  const response = await fetch(`${url}/admin/v1${path}`, {
    method,
    headers: { 'X-API-KEY': adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}
