/**
 * Every example of the README, docs/*.md and the packages' READMEs runs as written: TypeScript and
 * JavaScript blocks type-checked against the workspace's sources and executed (leaving no socket or
 * file open behind them, so a script of that text exits), shell blocks run by bash with their curl
 * lines sent to a started server (an HTTP error fails them). The addresses and keys the text shows
 * are swapped for the test's own (SUBSTITUTIONS); a block that cannot run standalone says so on the
 * line before its fence (`<!-- example: not run: why -->`) and is listed here.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VARIABLES } from '@kindling/server';
import { startRedis, type RunningRedis } from '../packages/redis/test/cluster.js';
import { startTestServer, type TestServer } from '../packages/server/test/server.js';
import { type DocExample, exampleFiles, examplesIn } from './doc-examples.js';
import { openHandles, typeProblems } from './example-checks.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const examples = exampleFiles(root).flatMap((file) => examplesIn(file, readFileSync(join(root, file), 'utf8')));
const runnable = examples.filter((example) => example.notRun === null);
const scripts = runnable.filter((example) => !isShell(example));
const shells = runnable.filter(isShell);
const generated = join(root, 'e2e/.generated');

let server: TestServer;
let redis: RunningRedis;
let workDir: string;
let binDir: string;

function isShell(example: DocExample): boolean {
  return ['sh', 'bash', 'shell', 'curl'].includes(example.language);
}

function name(example: DocExample): string {
  return `${example.file}:${example.line}`;
}

/**
 * What the text shows → what the test has: the service's address, keys and data folder (a folder
 * made from it and one for backups in the scratch folder), a Redis of its own.
 */
function substitute(code: string): string {
  const node = redis.nodes[0] as { host: string; port: number };
  return code
    .replaceAll('http://127.0.0.1:3000', server.server.url)
    .replaceAll('https://kindling.example.com', server.server.url)
    .replaceAll('kl_app_…', server.appKey)
    .replaceAll('kl_admin_…', server.adminKey)
    .replaceAll('redis://127.0.0.1:6379', `redis://${node.host}:${node.port}`)
    .replaceAll('/var/lib/kindling-restored', join(workDir, 'restored'))
    .replaceAll(/\/var\/lib\/kindling(?![-\w])/g, server.dir)
    .replaceAll(/(?<![\w/-])\/backups\b/g, join(workDir, 'backups'));
}

function scriptFile(example: DocExample): string {
  return join(generated, `${name(example).replaceAll(/[^a-zA-Z0-9]+/g, '-')}.ts`);
}

let runs = 0;

/** Runs a TypeScript example in this process from a scratch folder; answers what it printed with console.log. */
async function runScript(example: DocExample): Promise<string[]> {
  // a copy of its own each time: the module runner keeps what it imported once by file
  const file = scriptFile(example).replace(/\.ts$/, `-${++runs}.ts`);
  writeFileSync(file, readFileSync(scriptFile(example)));
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  });
  const cwd = process.cwd();
  process.chdir(workDir);
  try {
    await import(/* @vite-ignore */ file);
  } finally {
    process.chdir(cwd);
    spy.mockRestore();
  }
  return lines;
}

/**
 * Runs a shell example with bash (curl failing on an HTTP error), with the built CLI on PATH as
 * `kindling`, the link a package manager makes for an installed @kindling/server; answers its output.
 */
async function runShell(code: string): Promise<string> {
  const prelude = 'set -euo pipefail\ncurl() { command curl --fail-with-body --silent --show-error "$@"; }\n';
  const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };
  try {
    const { stdout } = await run('bash', ['-c', prelude + substitute(code)], { cwd: workDir, env, timeout: 30_000 });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${failed.message}\nstdout: ${failed.stdout}\nstderr: ${failed.stderr}`);
  }
}

beforeAll(async () => {
  [server, redis] = await Promise.all([startTestServer({ listen: true }), startRedis()]);
  workDir = mkdtempSync(join(tmpdir(), 'kindling-examples-'));
  binDir = mkdtempSync(join(tmpdir(), 'kindling-examples-bin-'));
  symlinkSync(join(root, 'packages/server/bin/kindling.mjs'), join(binDir, 'kindling'));
  mkdirSync(generated, { recursive: true });
  for (const example of scripts) writeFileSync(scriptFile(example), `${substitute(example.code)}\nexport {};\n`);
});
afterAll(async () => {
  await Promise.all([server?.close(), redis?.stop()]);
  for (const dir of [workDir, binDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the examples of the README and the docs', () => {
  it('are found in every file, and the ones that do not run standalone are marked, each saying why', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(10);
    expect(examples.filter((example) => example.notRun !== null).map((e) => `${e.file}: ${e.notRun}`)).toEqual([
      'README.md: installs the tools and runs every test of the repository',
      'README.md: needs a Redis on another machine and keeps serving until stopped',
      'README.md: installs the published packages from the npm registry',
      'docs/http-api.md: a receiver that serves until stopped; e2e/webhook-receiver.test.ts runs it',
      "docs/operations.md: needs a Docker daemon; e2e/container-image.test.ts checks the Dockerfile and runs its runtime stage's steps without one",
      'docs/operations.md: needs a Docker daemon; e2e/compose-files.test.ts checks both files',
      'docs/operations.md: installs as root under systemd as PID 1; e2e/systemd-unit.test.ts verifies the unit and runs its ExecStart line',
      'docs/operations.md: needs root and systemd as PID 1',
      'packages/server/README.md: serves until stopped; e2e/server-signals.test.ts starts the built CLI',
      'packages/testing/README.md: installs the published packages from the npm registry',
      'packages/testing/README.md: a vitest suite runs as a test file of its own, not inside another test; packages/testing/src/memory-conformance.test.ts is this file',
    ]);
  });

  it('type-check, every TypeScript one, against the workspace packages', () => {
    // a snippet may show a value it does not use
    const problems = typeProblems(root, scripts.map(scriptFile), generated, {
      noUnusedLocals: false,
      noUnusedParameters: false,
    });
    expect(problems).toEqual([]);
  });

  it.each(scripts.map((example) => [name(example), example] as const))(
    '%s runs as written and leaves nothing open',
    async (_, example) => {
      const before = openHandles();
      await runScript(example);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(openHandles()).toEqual(before);
    },
  );

  it.each(shells.map((example) => [name(example), example] as const))(
    '%s runs as written against a started server',
    async (_, example) => {
      await runShell(example.code);
    },
  );
});

describe('the README', () => {
  const embedding = scripts.find((e) => e.file === 'README.md' && e.code.includes('memoryStore()')) as DocExample;

  it('has an embedding example of about 15 lines that prints what its comments say', async () => {
    expect(embedding.code.trim().split('\n').length).toBeLessThanOrEqual(16);
    expect(await runScript(embedding)).toEqual([
      '3 ["freeze.consumed","streak.extended"]',
      '["2026-03-06:1","2026-03-07:2","2026-03-08:2*","2026-03-09:3"]',
    ]);
  });

  it('has a first event whose repeat with an Idempotency-Key answers 202, the first body and idempotentReplayed', async () => {
    const first = shells.find((e) => e.file === 'README.md' && e.code.includes('/event')) as DocExample;
    expect(readme.includes('the second answers 202 with the first body and `idempotentReplayed: true`')).toBe(true);
    const send = async () => {
      const out = await runShell(
        first.code.replace('curl ', `curl -H "Idempotency-Key: readme-repeat" -w '\\n%{http_code}' `),
      );
      const [body, status] = out.trimEnd().split(/\n(?=\d+$)/) as [string, string];
      return { status: Number(status), body: JSON.parse(body) as Record<string, unknown> };
    };
    const once = await send();
    const again = await send();
    expect([once.status, again.status]).toEqual([201, 202]);
    expect(once.body.idempotentReplayed).toBe(false);
    expect(again.body).toEqual({ ...once.body, idempotentReplayed: true });
  });

  it('lists every variable the server reads in its configuration table', () => {
    const rows = new Set([...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
    expect(Object.keys(VARIABLES).filter((variable) => !rows.has(variable))).toEqual([]);
  });
});
