/**
 * The built CLI stops gracefully on SIGTERM: every event it acknowledged with a 2xx is on disk
 * afterwards, and it exits 0. So does the server as `pnpm start` runs it, when the signal goes to
 * pnpm alone (as a process manager or `docker stop` sends it) or to the whole process group
 * (Ctrl-C, which pnpm also passes on): pnpm exits 0 reporting no failure, and no server is left
 * running. A second signal while stopping exits at once, unless it is that same stop repeated. Runs the built package
 * (CI builds before testing); skipped, loudly, when packages/server/dist is missing.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openBackend, parseSettings } from '@kindling/server';
import { Engines } from '../packages/server/src/engines/engines.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built)
  console.warn(
    '\n*** e2e/server-signals.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );

const USERS = 10;
const EVENTS = 200;
const BIN = join(root, 'packages/server/bin/kindling.mjs');

function post(agent: Agent, url: string, key: string, userId: string): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ user: { id: userId }, value: 1 });
    const req = request(
      `${url}/api/metrics/lessons/event`,
      {
        method: 'POST',
        agent,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * A folder holding a package.json whose `start` is the root's, less its build step (the tests run
 * against the build CI made; building again would replace it under the other tests), so that
 * `pnpm start` there runs the server exactly as the README's `pnpm start` does after building.
 */
function startScriptPackage(dir: string): string {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const build = 'node scripts/build.mjs --no-declarations @kindling/server && ';
  expect(script.startsWith(build)).toBe(true);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'start-script',
      private: true,
      scripts: { start: script.slice(build.length).replace('packages/server/bin/kindling.mjs', JSON.stringify(BIN)) },
    }),
  );
  return dir;
}

type Launch = 'node' | 'pnpm';
type Signal = { signal: 'SIGTERM' | 'SIGINT'; to: 'process' | 'group' };

/** Starts the server the way `launch` says; its JSON start document, and how it ended. */
function launchServer(launch: Launch, dir: string) {
  const data = join(dir, 'data');
  // The human output, not --json: its notes on stderr tell a graceful stop from a forced one.
  const options = ['--port', '0', '--host', '127.0.0.1', '--data', data];
  const env = { ...process.env, LOG_LEVEL: 'silent', KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') };
  const child: ChildProcessByStdio<null, Readable, Readable> =
    launch === 'node'
      ? spawn(process.execPath, [BIN, 'start', ...options], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      : spawn('pnpm', ['start', ...options], {
          cwd: startScriptPackage(dir),
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  let printed = '';
  const started = new Promise<{ url: string; applicationKey: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /Kindling is running at (\S+)/.exec(printed)?.[1];
      const applicationKey = /application key +(\S+)/.exec(printed)?.[1];
      if (url !== undefined && applicationKey !== undefined) resolve({ url, applicationKey });
    });
    void exited.then(({ code }) =>
      reject(new Error(`the server exited with ${code} before it started:\n${printed}\n${stderr}`)),
    );
  });
  const send = ({ signal, to }: Signal) =>
    to === 'group' ? process.kill(-(child.pid as number), signal) : child.kill(signal);
  return { data, started, exited, send };
}

/** Whether anything still accepts connections at `url`. */
function listening(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${url}/healthz`, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

const CASES: Array<[string, Launch, Signal]> = [
  ['kindling start, SIGTERM', 'node', { signal: 'SIGTERM', to: 'process' }],
  ['pnpm start, SIGTERM to pnpm alone (a process manager, docker stop)', 'pnpm', { signal: 'SIGTERM', to: 'process' }],
  ['pnpm start, SIGINT to the process group (Ctrl-C)', 'pnpm', { signal: 'SIGINT', to: 'group' }],
];

describe.skipIf(!built)('stopping the server', () => {
  it.each(CASES)(
    '%s: stops gracefully, keeps every acknowledged event and leaves no server running',
    async (_name, launch, signal) => {
      const dir = mkdtempSync(join(tmpdir(), 'kindling-signals-'));
      try {
        const server = launchServer(launch, dir);
        const started = await server.started;
        const agent = new Agent({ keepAlive: true, maxSockets: 16 });
        let acknowledged = 0;
        let signalled = false;
        const statuses = await Promise.all(
          Array.from({ length: EVENTS }, (_, i) =>
            post(agent, started.url, started.applicationKey, `u${i % USERS}`).then((status) => {
              if (status >= 200 && status < 300) acknowledged++;
              if (acknowledged === 50 && !signalled) {
                signalled = true;
                server.send(signal);
              }
              return status;
            }),
          ),
        );
        agent.destroy();
        expect(signalled).toBe(true);
        const { code, stderr } = await server.exited;
        // The server's own notes: a graceful stop, not the second signal's exit without waiting.
        expect({
          code,
          failure: /ELIFECYCLE|Command failed/.test(stderr),
          stopped: /^stopped$/m.test(stderr),
          forced: /again: exiting without waiting/.test(stderr),
        }).toEqual({ code: 0, failure: false, stopped: true, forced: false });
        expect(await listening(started.url)).toBe(false);
        expect(statuses.filter((s) => s === 201).length).toBe(acknowledged);

        const backend = openBackend(parseSettings({ KINDLING_DATA_DIR: server.data }));
        const accountId = (await backend.control.accounts())[0]?.id as string;
        const { engine } = await new Engines(backend, 0).runtimeFor(accountId);
        let stored = 0;
        for (let u = 0; u < USERS; u++) stored += (await engine.user(`u${u}`))?.totals.lessons ?? 0;
        await backend.close();
        expect(stored).toBe(acknowledged);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe.skipIf(!built)('a second signal while stopping', () => {
  it('ignores the same signal repeated within a second (pnpm passing on a Ctrl-C) and exits at once on one sent later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-signals-'));
    const socket = new Socket();
    try {
      const server = launchServer('node', dir);
      const started = await server.started;
      let ended = false;
      void server.exited.then(() => (ended = true));
      // A request still in flight (its body half sent) keeps the graceful stop waiting.
      const { port } = new URL(started.url);
      await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve));
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/metrics/lessons/event HTTP/1.1\r\nhost: x\r\nx-api-key: ${started.applicationKey}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"user"`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.send({ signal: 'SIGTERM', to: 'process' });
      // apart enough not to merge into one pending signal, as pnpm's copy of a Ctrl-C arrives
      await new Promise((resolve) => setTimeout(resolve, 150));
      server.send({ signal: 'SIGTERM', to: 'process' });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ended).toBe(false);
      server.send({ signal: 'SIGTERM', to: 'process' });
      const { code, stderr } = await server.exited;
      expect({ code, forced: /SIGTERM again: exiting without waiting/.test(stderr) }).toEqual({
        code: 143,
        forced: true,
      });
    } finally {
      socket.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * A preload that plays a process manager that stops the server as soon as it says it is up: the
 * server sends itself SIGTERM from inside the write of its start document, before anything after
 * that write has run.
 */
const SIGNAL_ON_START = `
const write = process.stdout.write.bind(process.stdout);
let sent = false;
process.stdout.write = (chunk, ...rest) => {
  const written = write(chunk, ...rest);
  if (!sent && String(chunk).includes('\\n}')) {
    sent = true;
    process.kill(process.pid, 'SIGTERM');
  }
  return written;
};
`;

describe.skipIf(!built)('a stop signal the moment the server says it is up', () => {
  it('stops it gracefully (exit 0), not by the signal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-signals-'));
    try {
      const preload = join(dir, 'signal-on-start.mjs');
      writeFileSync(preload, SIGNAL_ON_START);
      const env = { ...process.env, LOG_LEVEL: 'silent', KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') };
      const child = spawn(
        process.execPath,
        ['--import', preload, BIN, 'start', '--json', '--port', '0', '--host', '127.0.0.1', '--data', join(dir, 'd')],
        { env, stdio: ['ignore', 'pipe', 'ignore'] },
      );
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      // exit 0 is the clean stop's; the signal's default would end it with no code and the signal
      expect({ ...ended, started: stdout.includes('"url"') }).toEqual({ code: 0, signal: null, started: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
