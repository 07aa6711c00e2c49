/**
 * The fault suite's server: the built `kindling start --json` as a real child process on loopback,
 * so a test can kill -9 it, stop its store under it, or starve its sockets. `stop()` sends SIGTERM and
 * waits; `kill()` sends SIGKILL. Every child still running when the test process exits is killed.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(root, 'packages/server/bin/kindling.mjs');
/** The suite runs the build (CI builds first); each file skips loudly without it. */
export const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));

export interface FirstStartKeys {
  readonly accountId: string;
  readonly adminKey: string;
  readonly applicationKey: string;
}

export interface ServerProcess {
  readonly url: string;
  /** the keys of the first start, or null when the store already had an account */
  readonly firstStart: FirstStartKeys | null;
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** what the process wrote to stderr so far */
  stderr(): string;
  /** resolves with the exit code (or null after a signal) once the process has exited */
  readonly exited: Promise<number | null>;
  /** SIGKILL, then wait for the exit */
  kill(): Promise<void>;
  /** SIGTERM, then wait for the exit; the exit code */
  stop(): Promise<number | null>;
}

const running = new Set<ServerProcess>();
process.once('exit', () => {
  for (const server of running) server.child.kill('SIGKILL');
});

/**
 * Starts `kindling start --json --port 0 --host 127.0.0.1` with `args` (for example `--data DIR`) and
 * `env` over this process's environment; resolves once it listens. `openFiles` lowers the process's
 * limit of open files (`ulimit -n`, through sh, which then execs node: the child is still node).
 */
export function startServerProcess(
  options: { args?: readonly string[]; env?: Record<string, string>; openFiles?: number } = {},
): Promise<ServerProcess> {
  const env = {
    ...process.env,
    LOG_LEVEL: 'silent',
    KINDLING_DASHBOARD_DIR: join(root, 'no-dashboard'),
    ...options.env,
  };
  const command = [BIN, 'start', '--json', '--port', '0', '--host', '127.0.0.1', ...(options.args ?? [])];
  const child =
    options.openFiles === undefined
      ? spawn(process.execPath, command, { env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('sh', ['-c', `ulimit -n ${options.openFiles} && exec "$0" "$@"`, process.execPath, ...command], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      // the start document is pretty-printed JSON, ending with a line that is just "}"
      const end = stdout.indexOf('\n}');
      if (end === -1) return;
      child.stdout.off('data', onData);
      const start = JSON.parse(stdout.slice(stdout.indexOf('{'), end + 2)) as {
        url: string;
        firstStart: FirstStartKeys | null;
      };
      const server: ServerProcess = {
        url: start.url,
        firstStart: start.firstStart,
        child,
        stderr: () => stderr,
        exited,
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          child.kill('SIGTERM');
          return exited;
        },
      };
      running.add(server);
      void exited.then(() => running.delete(server));
      resolve(server);
    };
    child.stdout.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`the server exited with ${code} before it started:\n${stdout}\n${stderr}`)),
    );
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
