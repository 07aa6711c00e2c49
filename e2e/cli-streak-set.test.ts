/**
 * `kindling streak set` as a script runs it, through the real bin with stdin a pipe (no terminal to
 * ask at): a change of the rule that would end running streaks is refused with exit 2 and the count,
 * nothing saved, unless --yes is given; the fields no flag names stay as the admin API set them.
 * Runs the built package (CI builds before testing); skipped, loudly, when packages/server/dist is
 * missing.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DataDir, dataDir } from '../packages/server/test/cli-io.js';
import { Engines } from '../packages/server/src/engines/engines.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built)
  console.warn(
    '\n*** e2e/cli-streak-set.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );
const BIN = join(root, 'packages/server/bin/kindling.mjs');

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

/** `kindling ...argv` on the test's data folder, stdin a pipe that ends at once. */
function run(argv: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...argv], {
    env: { ...process.env, ...d.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

describe.skipIf(!built)('kindling streak set off a terminal', () => {
  it('refuses a change that ends streaks without --yes, keeps the unnamed fields, and makes it with --yes', async () => {
    const backend = d.open();
    const accountId = d.first.account.id;
    await backend.control.changeConfig(accountId, (config) => ({
      ...config,
      streak: config.streak && { ...config.streak, remindBefore: '4h' },
    }));
    const { engine } = await new Engines(backend, 0).runtimeFor(accountId);
    for (const userId of ['a', 'b']) await engine.record({ userId, metric: 'lessons', value: 1 });
    await backend.close();

    const refused = await run(['streak', 'set', '--condition', 'lessons:3']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('would end 2 streaks (of 2 users); nothing changed');
    expect(refused.err).toContain('pass --yes');
    const shown = await run(['streak', 'show']);
    expect(shown.out).toContain('conditions      lessons >= 1 per period');

    const made = await run(['streak', 'set', '--condition', 'lessons:3', '--yes', '--json']);
    expect(made.code).toBe(0);
    expect(JSON.parse(made.out)).toMatchObject({
      rule: { conditions: [{ metric: 'lessons', threshold: 3 }], remindBefore: '4h' },
      impact: { users: 2, ended: 2, shortened: 0 },
      rebuild: { status: 'done', done: 2 },
    });
  });
});
