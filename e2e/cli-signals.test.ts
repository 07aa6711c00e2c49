/**
 * The long-running commands as processes, as people and process managers stop them. `kindling
 * import`: SIGINT (Ctrl-C) and SIGTERM both stop it cleanly (the records in flight finish, the
 * summary is printed, where it got to is kept, and the exit code names the signal: 130, 143), and
 * the next run goes on to the end with every line recorded exactly once. `kindling streak set`:
 * a signal stops the rebuild between two users, the rule stays saved, and the next process to look
 * finishes the rebuild. A reader that goes away from its stderr (`2>&1 | head`, a
 * closed terminal) costs the progress text, not the import. Runs the built package (CI builds
 * before testing); skipped, loudly, when packages/server/dist is missing.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DataDir, dataDir } from '../packages/server/test/cli-io.js';
import { openBackend, parseSettings } from '@kindling/server';
import { Engines } from '../packages/server/src/engines/engines.js';
import { Rebuilds } from '../packages/server/src/jobs/rebuilds.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built)
  console.warn('\n*** e2e/cli-signals.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');
const BIN = join(root, 'packages/server/bin/kindling.mjs');
const LINES = 6_000;
const USERS = 40;
/** enough users that the rebuild is still running when the first progress line is out */
const USERS_TO_REBUILD = 2_000;

let d: DataDir;
let file: string;
beforeEach(async () => {
  d = await dataDir();
  file = join(d.dir, 'events.ndjson');
  const start = Date.UTC(2026, 0, 1);
  const lines = Array.from({ length: LINES }, (_, i) =>
    JSON.stringify({
      metric: 'lessons',
      userId: `u${i % USERS}`,
      value: 1,
      at: new Date(start + i * 60_000).toISOString(),
    }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
});
afterEach(() => d.remove());

/** `kindling import FILE` on the test's data folder; what it printed and how it ended. */
function runImport() {
  return runCli(['import', file]);
}

/** `kindling ...argv` on the test's data folder; what it printed and how it ended. */
function runCli(argv: string[]) {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, [BIN, ...argv], {
    env: { ...process.env, ...d.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const progressed = new Promise<void>((resolve) => {
    const seen = () => {
      if (/%/.test(err)) {
        child.stderr.off('data', seen);
        resolve();
      }
    };
    child.stderr.on('data', seen);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, out, err })),
  );
  return { child, progressed, exited };
}

/** The test's data folder opened in this process, without a sync per write (it checks logic, not durability). */
function openQuickly() {
  return openBackend(parseSettings({ ...d.env, KINDLING_SQLITE_SYNC: 'normal' }));
}

/** `count` users with a lesson each, recorded in this process. */
async function seedUsers(count: number): Promise<void> {
  const backend = openQuickly();
  try {
    const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
    for (let u = 0; u < count; u++)
      await engine.record({ userId: `s${u}`, metric: 'lessons', value: 1, at: Date.parse('2026-01-05T10:00:00Z') });
  } finally {
    await backend.close();
  }
}

/** The lessons every user holds, as the store keeps them. */
async function storedLessons(): Promise<number> {
  const backend = d.open();
  try {
    const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
    let total = 0;
    for (let u = 0; u < USERS; u++) total += (await engine.user(`u${u}`))?.totals.lessons ?? 0;
    return total;
  } finally {
    await backend.close();
  }
}

function recorded(out: string): number {
  return Number(/^ {2}recorded +(\d+)$/m.exec(out)?.[1] ?? Number.NaN);
}

describe.skipIf(!built)('stopping an import', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s stops it cleanly with exit %d and a summary, and the next run records the rest exactly once',
    async (signal, exit) => {
      const first = runImport();
      await first.progressed;
      first.child.kill(signal);
      const stopped = await first.exited;
      expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: exit, signal: null });
      expect(stopped.out).toMatch(/^Stopped importing .* \(up to byte \d+ of \d+\)$/m);
      expect(stopped.out).toMatch(/^Run the same command again to go on from line \d+\.$/m);
      const before = recorded(stopped.out);
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(LINES);

      // the summary of a resumed run is the whole file's, the stopped run's lines included
      const rest = await runImport().exited;
      expect(rest.err).toMatch(/^Going on from line \d+/m);
      expect({ code: rest.code, recorded: recorded(rest.out) }).toEqual({ code: 0, recorded: LINES });
      expect(await storedLessons()).toBe(LINES);
      const again = await runImport().exited;
      expect({ code: again.code, recorded: recorded(again.out) }).toEqual({ code: 0, recorded: 0 });
      expect(again.out).toContain(`replayed  ${LINES}`);
      expect(await storedLessons()).toBe(LINES);
    },
  );
});

describe.skipIf(!built)('an import whose stderr reader goes away', () => {
  it('goes on to the end and prints its summary on stdout', async () => {
    const run = runImport();
    await run.progressed;
    run.child.stderr.destroy();
    const ended = await run.exited;
    expect({ code: ended.code, signal: ended.signal, recorded: recorded(ended.out) }).toEqual({
      code: 0,
      signal: null,
      recorded: LINES,
    });
  });
});

describe.skipIf(!built)('stopping a rebuild of `kindling streak set`', () => {
  it('SIGTERM stops it between two users with exit 143, keeps the rule, and the next process to look finishes it', async () => {
    await seedUsers(USERS_TO_REBUILD);
    const set = runCli(['streak', 'set', '--frequency', 'weekly', '--condition', 'lessons:2']);
    await set.progressed;
    set.child.kill('SIGTERM');
    const stopped = await set.exited;
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 143, signal: null });
    expect(stopped.out).toContain('conditions      lessons >= 2 per period');
    expect(stopped.out).toMatch(/^rebuild +running: \d+\/\d+ users/m);
    expect(stopped.err).toContain('The rule is saved; the rebuild stopped between two users.');

    const backend = openQuickly();
    try {
      const accountId = d.first.account.id;
      const version = (await backend.control.config(accountId)).version;
      const left = await backend.control.rebuild(accountId);
      expect(left).toMatchObject({ status: 'running', version, heartbeatAt: null });
      expect(left.done).toBeLessThan(USERS_TO_REBUILD);
      const engines = new Engines(backend, 0);
      const rebuilds = new Rebuilds(backend.control, engines);
      await rebuilds.resumeAbandoned();
      await rebuilds.settle();
      expect(await backend.control.rebuild(accountId)).toMatchObject({
        status: 'done',
        done: USERS_TO_REBUILD,
        total: USERS_TO_REBUILD,
        version,
      });
    } finally {
      await backend.close();
    }
  });
});
