/**
 * Test helper: throwaway Redis servers on loopback. `startRedis` runs one server, `startCluster` a
 * Redis Cluster of masters (no replicas) made with `redis-cli --cluster create`; both as child
 * processes with their files in a temp dir, stopped (SIGTERM, then SIGKILL) with the dir removed by
 * `stop()`, and killed when the test process exits whatever happened. For any suite that needs a
 * real Redis or Cluster. Fault tests pause a node (SIGSTOP: it keeps its connections and answers
 * nothing), resume it, kill it (SIGKILL) and start it again on the same port with the same files.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import { join } from 'node:path';

export interface RunningRedis {
  readonly nodes: ReadonlyArray<{ readonly host: string; readonly port: number }>;
  /** SIGSTOP to node `index` (default 0): its sockets stay open, nothing is answered */
  pause(index?: number): void;
  /** SIGCONT to a paused node */
  resume(index?: number): void;
  /** SIGKILL to node `index` (default 0), resolved once it has exited */
  kill(index?: number): Promise<void>;
  /** starts a killed node again on its port with its files; resolves once it answers PING */
  restart(index?: number): Promise<void>;
  /** on a Cluster: the index of the node serving `key`'s slot, as node `asking` (default 0) sees it */
  nodeOf(key: string, asking?: number): number;
  /** on a Cluster: cluster_state as node `index` (default 0) reports it ('ok', 'fail'), or null when it does not answer */
  clusterState(index?: number): Promise<string | null>;
  stop(): Promise<void>;
}

export interface RedisOptions {
  /** append-only file with a sync per write, so that a killed and restarted server keeps every acknowledged write */
  readonly appendOnly?: boolean;
}

export interface ClusterOptions extends RedisOptions {
  /**
   * Redis's cluster-require-full-coverage (default true): when false, the nodes still up keep serving
   * their slots while another node has failed, and only the failed node's slots answer CLUSTERDOWN
   */
  readonly requireFullCoverage?: boolean;
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

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A paused server handles no signal but SIGKILL until it runs again.
  child.kill('SIGCONT');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
  running.delete(child);
}

async function startServers(
  count: number,
  cluster: boolean,
  options: RedisOptions & ClusterOptions,
): Promise<RunningRedis> {
  const check = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (check.error || check.status !== 0)
    throw new Error(`redis-server cannot be run: ${check.error?.message ?? check.stderr}`);
  killOnExit();
  const dir = mkdtempSync(join(tmpdir(), 'kindling-redis-'));
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const logs: Record<number, string> = {};
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dir, { recursive: true, force: true });
  };
  const spawnServer = (port: number): ChildProcess => {
    const args = ['--port', String(port), '--bind', HOST, '--dir', dir, '--save', '', '--daemonize', 'no'];
    if (options.appendOnly === true)
      args.push(
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--appendfilename',
        `appendonly-${port}.aof`,
        '--appenddirname',
        `aof-${port}`,
      );
    else args.push('--appendonly', 'no');
    if (cluster)
      args.push(
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        '5000',
      );
    if (cluster && options.requireFullCoverage === false) args.push('--cluster-require-full-coverage', 'no');
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // Kept (the end of it) for the error message when the server does not come up.
    const log = (chunk: Buffer) => void (logs[port] = `${logs[port] ?? ''}${chunk.toString()}`.slice(-2000));
    child.stdout?.on('data', log);
    child.stderr?.on('data', log);
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  };
  const answers = (port: number) =>
    waitFor(`redis-server on port ${port}`, () => cli(port, 'ping').out.includes('PONG'), 10_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}; its log ends with:\n${logs[port] ?? '(nothing)'}`);
      },
    );
  const nodeAt = (index: number): ChildProcess => {
    const child = children[index];
    if (child === undefined) throw new Error(`no Redis node ${index}: there are ${children.length}`);
    return child;
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await findFreePort(new Set(ports));
      ports.push(port);
      children.push(spawnServer(port));
    }
    for (const port of ports) await answers(port);
    if (cluster) {
      const create = spawnSync(
        'redis-cli',
        ['--cluster', 'create', ...ports.map((p) => `${HOST}:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
        {
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
      for (const port of ports) {
        await waitFor(
          `cluster_state:ok on port ${port}`,
          () => cli(port, 'cluster', 'info').out.includes('cluster_state:ok'),
          20_000,
        );
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    nodes: ports.map((port) => ({ host: HOST, port })),
    pause: (index = 0) => void nodeAt(index).kill('SIGSTOP'),
    resume: (index = 0) => void nodeAt(index).kill('SIGCONT'),
    kill: (index = 0) => stopChild(nodeAt(index), 'SIGKILL'),
    async restart(index = 0) {
      if (!hasExited(nodeAt(index))) throw new Error(`Redis node ${index} is still running: kill it first`);
      const port = ports[index] as number;
      children[index] = spawnServer(port);
      await answers(port);
    },
    nodeOf(key, asking = 0) {
      const slot = Number(cli(ports[asking] as number, 'cluster', 'keyslot', key).out.trim());
      const nodes = cli(ports[asking] as number, 'cluster', 'nodes')
        .out.trim()
        .split('\n');
      for (const line of nodes) {
        const [, address, , , , , , , ...ranges] = line.split(' ');
        const port = Number(address?.split('@')[0]?.split(':')[1]);
        const owns = ranges.some((range) => {
          const [first, last] = range.split('-').map(Number);
          return first !== undefined && slot >= first && slot <= (last ?? first);
        });
        if (owns) return ports.indexOf(port);
      }
      throw new Error(`no node serves slot ${slot} of ${key}:\n${nodes.join('\n')}`);
    },
    async clusterState(index = 0) {
      // Asked without blocking the event loop: fault tests measure answers meanwhile.
      const info = await new Promise<string>((resolve) =>
        execFile(
          'redis-cli',
          ['-h', HOST, '-p', String(ports[index]), 'cluster', 'info'],
          { timeout: 2000 },
          (_error, stdout) => resolve(String(stdout)),
        ),
      );
      return /cluster_state:(\w+)/.exec(info)?.[1] ?? null;
    },
    stop,
  };
}

/** One Redis server on a free loopback port. */
export function startRedis(options: RedisOptions = {}): Promise<RunningRedis> {
  return startServers(1, false, options);
}

/** A Redis Cluster of `masters` nodes (at least 3) on free loopback ports, ready (cluster_state:ok). */
export function startCluster(masters = 3, options: ClusterOptions = {}): Promise<RunningRedis> {
  return startServers(masters, true, options);
}

/**
 * One Redis server of the test file's own, started before its tests and stopped after them (resumed
 * first, if a test left it paused); `redis()` is the running server.
 */
export function useOwnRedis(options: RedisOptions = {}): () => RunningRedis {
  let running: RunningRedis | undefined;
  beforeAll(async () => {
    running = await startRedis(options);
  }, 30_000);
  afterAll(async () => {
    running?.resume();
    await running?.stop();
  });
  return () => {
    if (running === undefined)
      throw new Error('the test Redis is not running: useOwnRedis() belongs at the top of a test file');
    return running;
  };
}
