/**
 * `kindling backup` while the server takes events, and `kindling restore` of what it wrote: real
 * processes of the built CLI. Clients record events without pause (each for a user of its own, so
 * that each event can be looked for); the backup is taken midway; its restore into a new folder is
 * started as a server; then every event acknowledged before the backup began is there, no event is
 * there that was not sent before the backup ended, and the metric's counts say each was counted
 * once. Skipped, loudly, without the build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runToEnd, waitFor } from './deploy-support.js';
import { BIN, built, startServerProcess } from './faults/server-process.js';

if (!built)
  console.warn(
    '\n*** e2e/backup-under-load.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );

const CLIENTS = 8;
/** events acknowledged before the backup begins */
const ACKED_FIRST = 300;

interface Sent {
  readonly userId: string;
  readonly sentAt: number;
  ackedAt: number | null;
}

async function record(url: string, key: string, userId: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/api/metrics/lessons/event`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id: userId }, value: 1 }),
    });
    await answer.arrayBuffer();
    return answer.status >= 200 && answer.status < 300;
  } catch {
    return false;
  }
}

/** Every user id of the account, a page at a time. */
async function usersOf(url: string, adminKey: string): Promise<Set<string>> {
  const users = new Set<string>();
  let after: string | null = null;
  do {
    const query: string = after === null ? '' : `&after=${encodeURIComponent(after)}`;
    const answer = await fetch(`${url}/admin/v1/users?limit=100${query}`, { headers: { 'x-api-key': adminKey } });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { users: Array<{ id: string }>; next: string | null };
    for (const user of page.users) users.add(user.id);
    after = page.next;
  } while (after !== null);
  return users;
}

const cliEnv = () => ({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' });

describe.skipIf(!built)('a backup taken under load', () => {
  const work = mkdtempSync(join(tmpdir(), 'kindling-backup-load-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('restores to a server holding every event acknowledged before it began, each once', async () => {
    const data = join(work, 'data');
    const server = await startServerProcess({ args: ['--data', data] });
    const keys = server.firstStart;
    expect(keys).not.toBeNull();
    const { applicationKey, adminKey } = keys as NonNullable<typeof keys>;
    const sent: Sent[] = [];
    let stop = false;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        const event: Sent = { userId: `u-${String(sent.length).padStart(7, '0')}`, sentAt: Date.now(), ackedAt: null };
        sent.push(event);
        if (await record(server.url, applicationKey, event.userId)) event.ackedAt = Date.now();
      }
    });
    const file = join(work, 'backup.tar');
    let began = 0;
    let ended = 0;
    let backupRun: { code: number | string; output: string } = { code: 'not run', output: '' };
    try {
      await waitFor(
        `${ACKED_FIRST} events acknowledged`,
        async () => sent.filter((e) => e.ackedAt !== null).length >= ACKED_FIRST,
        60_000,
      );
      began = Date.now();
      backupRun = await runToEnd([process.execPath, BIN, 'backup', '--data', data, file], cliEnv());
      ended = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      stop = true;
      await Promise.all(clients);
      expect(await server.stop()).toBe(0);
    }
    expect(backupRun.code, backupRun.output).toBe(0);
    const ackedBefore = sent.filter((e) => e.ackedAt !== null && e.ackedAt < began);
    const sentAfter = sent.filter((e) => e.sentAt > ended);
    const during = sent.filter((e) => e.ackedAt !== null && e.sentAt > began && e.ackedAt < ended);
    const perSecond = (events: number, ms: number) => Math.round((events * 1000) / Math.max(1, ms));
    const firstSent = (sent[0] as Sent).sentAt;
    console.log(
      `backup under load: ${sent.length} events sent, ${ackedBefore.length} acknowledged before the backup began (${perSecond(ackedBefore.length, began - firstSent)}/s), ${during.length} sent and acknowledged during it (${perSecond(during.length, ended - began)}/s), ${sentAfter.length} sent after it; the backup took ${ended - began} ms`,
    );
    // The load went on through the backup: it was taken under writes, not in a lull.
    expect(ackedBefore.length).toBeGreaterThanOrEqual(ACKED_FIRST);
    expect(during.length).toBeGreaterThan(0);
    expect(sentAfter.length).toBeGreaterThan(10);

    const restoredDir = join(work, 'restored');
    const restore = await runToEnd([process.execPath, BIN, 'restore', '--data', restoredDir, file], cliEnv());
    expect(restore.code, restore.output).toBe(0);
    const restored = await startServerProcess({ args: ['--data', restoredDir] });
    try {
      expect(restored.firstStart).toBeNull();
      const users = await usersOf(restored.url, adminKey);
      expect(ackedBefore.filter((e) => !users.has(e.userId)).map((e) => e.userId)).toEqual([]);
      expect(sentAfter.filter((e) => users.has(e.userId)).map((e) => e.userId)).toEqual([]);
      const metrics = await fetch(`${restored.url}/admin/v1/metrics`, { headers: { 'x-api-key': adminKey } });
      const lessons = ((await metrics.json()) as Array<{ key: string; total: number; events: number }>).find(
        (m) => m.key === 'lessons',
      );
      expect(lessons).toMatchObject({ total: users.size, events: users.size });
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  }, 180_000);
});
