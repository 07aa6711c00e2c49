/**
 * Test support for the deployment files' tests (Dockerfile, compose files, systemd unit): a free
 * loopback port, a wait for a condition, and a child process whose output is kept for the failure
 * message and which is killed when the test process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on right now (the system's choice for port 0, given back). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `check` resolves true; rejects after `timeoutMs` with `what` and the last failure. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms${last === null ? '' : `: ${String(last)}`}`);
}

export interface Child {
  readonly process: ChildProcess;
  /** stdout and stderr so far */
  output(): string;
  /** resolves with the exit code (or the signal's name) */
  readonly exited: Promise<number | string>;
  /** SIGTERM, then the exit code */
  stop(): Promise<number | string>;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts `argv` with exactly `env` (no variable of this process leaks in unless given). */
export function startChild(argv: readonly string[], env: Record<string, string>, cwd?: string): Child {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('an empty command line');
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return {
    process: child,
    output: () => output,
    exited,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs `argv` to its end; its exit code and output. */
export async function runToEnd(
  argv: readonly string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number | string; output: string }> {
  const child = startChild(argv, env, cwd);
  const code = await child.exited;
  return { code, output: child.output() };
}
