/**
 * The SQLite data folder on a disk that fills up: writes (a new API key in the control database,
 * events in the streak database) answer 503 STORE_UNAVAILABLE with Retry-After, /readyz says 503
 * and that writes fail, and once space is freed everything works again without a restart.
 *
 * The disk is a 2 MB tmpfs mounted for the test (it needs root); where mounting is not allowed the
 * test is skipped with a warning.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './outage-checks.js';
import { built, sleep, startServerProcess, type ServerProcess } from './server-process.js';
import { describeAnswer, measure, type Answer } from './traffic.js';

if (!built) console.warn('\n*** e2e/faults SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');

const dir = mkdtempSync(join(tmpdir(), 'kindling-disk-full-'));
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { encoding: 'utf8' });
const mounted = mount.status === 0;
if (!mounted) {
  console.warn(
    `\n*** e2e/faults: the full-disk test is SKIPPED: mounting a tmpfs failed (${(mount.stderr || String(mount.error)).trim()}); it needs root ***\n`,
  );
}
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  if (mounted) spawnSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a file until the disk refuses more; its path. */
function fillDisk(): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const size of [256 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch {
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

describe.skipIf(!built || !mounted)('the SQLite data folder on a full disk', () => {
  it('answers 503 STORE_UNAVAILABLE to writes, 503 on /readyz, and recovers once space is freed', async () => {
    server = await startServerProcess({ args: ['--data', dir] });
    const { adminKey, applicationKey } = server.firstStart!;
    const url = server.url;
    let users = 0;
    const event = () =>
      measure(
        {
          url: `${url}/api/metrics/lessons/event`,
          method: 'POST',
          key: applicationKey,
          body: { user: { id: `user-${users++}` }, value: 1 },
        },
        `user-${users}`,
      );
    const newKey = () =>
      measure({
        url: `${url}/admin/v1/keys`,
        method: 'POST',
        key: adminKey,
        body: { name: 'while full', kind: 'application' },
      });
    const ready = () => measure({ url: `${url}/readyz` });
    for (let i = 0; i < 5; i++) expect((await event()).status).toBe(201);
    expect((await newKey()).status).toBe(201);

    const filler = fillDisk();
    const keyWhileFull = await newKey();
    // Events may still fit in space SQLite already holds (a write-ahead log reused after a checkpoint): sent until one is refused.
    const events: Answer[] = [];
    for (let i = 0; i < 200 && !events.some((answer) => answer.status !== 201); i++) events.push(await event());
    const readyWhileFull = await ready();
    console.log(
      `[disk full] POST /admin/v1/keys: ${describeAnswer(keyWhileFull, keyWhileFull.at)}; events: ${events.filter((a) => a.status === 201).length}× 201 then ${describeAnswer(events.at(-1)!, events.at(-1)!.at)}; ` +
        `/readyz: ${readyWhileFull.status} ${readyWhileFull.error ?? ''}`,
    );
    expect(
      isStoreUnavailable(keyWhileFull),
      `POST /admin/v1/keys on a full disk: ${describeAnswer(keyWhileFull, keyWhileFull.at)}`,
    ).toBe(true);
    const refused = events.filter((answer) => answer.status !== 201);
    expect(
      refused.map((answer) => describeAnswer(answer, answer.at)).filter((_, i) => !isStoreUnavailable(refused[i]!)),
      'events on a full disk',
    ).toEqual([]);
    expect(refused.length, 'an event refused on a full disk').toBeGreaterThan(0);
    expect(
      readyWhileFull.status,
      `/readyz on a full disk: ${readyWhileFull.status} ${readyWhileFull.error ?? ''}`,
    ).toBe(503);
    expect(readyWhileFull.error).toMatch(/writ/i);

    rmSync(filler);
    const freedAt = Date.now();
    let readyAgain: Answer | null = null;
    while (Date.now() - freedAt < 10_000) {
      const answer = await ready();
      if (answer.status === 200) {
        readyAgain = answer;
        break;
      }
      await sleep(100);
    }
    console.log(
      `[space freed] /readyz 200 after ${readyAgain === null ? 'never' : `${readyAgain.at + readyAgain.ms - freedAt} ms`}`,
    );
    expect(readyAgain, '/readyz once space is freed').not.toBeNull();
    expect((await newKey()).status).toBe(201);
    for (let i = 0; i < 5; i++) expect(describeAnswer(await event(), 0)).toMatch(/→ 201/);
  }, 60_000);
});
