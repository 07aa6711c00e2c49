/**
 * Test helper: throwaway Redis servers on loopback. `startRedis` runs one server, `startCluster` a
 * Redis Cluster of masters (no replicas) made with `redis-cli --cluster create`; both as child
 * processes with their files in a temp dir, stopped (SIGTERM, then SIGKILL) with the dir removed by
 * `stop()`, and killed when the test process exits whatever happened. For any suite that needs a
 * real Redis or Cluster.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningRedis {
  readonly nodes: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const running = new Set<ChildProcess>();
let exitHook = false;

/** Children still running when the test process exits are killed, so no test run leaves servers behind. */
function killOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** A port free on loopback, with its cluster bus port (port + 10000) free too. */
export async function findFreePort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 20000 + Math.floor(Math.random() * 35000);
    if (taken.has(port) || taken.has(port + 10000)) continue;
    if ((await canBind(port)) && (await canBind(port + 10000))) return port;
  }
  throw new Error('no free loopback port pair (p, p+10000) found in 200 tries');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cli(port: number, ...args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('redis-cli', ['-h', HOST, '-p', String(port), ...args], { encoding: 'utf8', timeout: 10_000 });
  return { ok: run.status === 0, out: `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}` };
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
  running.delete(child);
}

async function startServers(count: number, cluster: boolean): Promise<RunningRedis> {
  const check = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (check.error || check.status !== 0) throw new Error(`redis-server cannot be run: ${check.error?.message ?? check.stderr}`);
  killOnExit();
  const dir = mkdtempSync(join(tmpdir(), 'kindling-redis-'));
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const logs: Record<number, string> = {};
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await findFreePort(new Set(ports));
      ports.push(port);
      const args = ['--port', String(port), '--bind', HOST, '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'];
      if (cluster) args.push('--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '5000');
      const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      // Kept (the end of it) for the error message when the server does not come up.
      const log = (chunk: Buffer) => void (logs[port] = `${logs[port] ?? ''}${chunk.toString()}`.slice(-2000));
      child.stdout?.on('data', log);
      child.stderr?.on('data', log);
      children.push(child);
      running.add(child);
      child.once('exit', () => running.delete(child));
    }
    for (const port of ports) {
      await waitFor(`redis-server on port ${port}`, () => cli(port, 'ping').out.includes('PONG'), 10_000).catch((error: Error) => {
        throw new Error(`${error.message}; its log ends with:\n${logs[port] ?? '(nothing)'}`);
      });
    }
    if (cluster) {
      const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `${HOST}:${p}`), '--cluster-replicas', '0', '--cluster-yes'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
      for (const port of ports) {
        await waitFor(`cluster_state:ok on port ${port}`, () => cli(port, 'cluster', 'info').out.includes('cluster_state:ok'), 20_000);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => ({ host: HOST, port })), stop };
}

/** One Redis server on a free loopback port. */
export function startRedis(): Promise<RunningRedis> {
  return startServers(1, false);
}

/** A Redis Cluster of `masters` nodes (at least 3) on free loopback ports, ready (cluster_state:ok). */
export function startCluster(masters = 3): Promise<RunningRedis> {
  return startServers(masters, true);
}
