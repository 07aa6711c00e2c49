/**
 * Test helper: node child processes that record events through the built packages
 * (record-worker.mjs), and the build they need: dist of core and redis, rebuilt when missing or
 * older than their sources, with a clear failure when that build fails.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PointsSystemRules, RecordInput, RecordResult, StreakRuleInput } from '@kindling/core';
import type { Deployment } from './targets.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const workerPath = fileURLToPath(new URL('../src/record-worker.mjs', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(name: string): boolean {
  const built = `${root}packages/${name}/dist/index.js`;
  return existsSync(built) && statSync(built).mtimeMs >= newestSource(`${root}packages/${name}/src`);
}

/** Builds packages/core and packages/redis unless their dist is up to date; throws with the build's output if it fails. */
export function ensureBuilt(): void {
  const stale = ['core', 'redis'].filter((name) => !isFresh(name));
  if (stale.length === 0) return;
  try {
    execFileSync('pnpm', [...stale.flatMap((name) => ['--filter', `@kindling/${name}`]), 'run', 'build'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 180_000,
    });
  } catch (error) {
    const output = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `the concurrency tests run the built packages, and building ${stale.join(' and ')} failed (run pnpm build): ${output.message}\n${output.stdout ?? ''}${output.stderr ?? ''}`,
    );
  }
}

export interface WorkerConfig {
  readonly deployment: Deployment;
  readonly keyPrefix: string;
  readonly account: string;
  readonly streaks: StreakRuleInput[];
  /** records in flight at once inside the process */
  readonly concurrency: number;
  /** points systems for the worker's engine (EngineOptions.points) */
  readonly points?: readonly PointsSystemRules[];
}

export interface RecordWorker {
  record(events: readonly RecordInput[]): Promise<RecordResult[]>;
  quit(): Promise<void>;
}

/** Starts a worker process and resolves once it is connected and ready. */
export async function startWorker(config: WorkerConfig): Promise<RecordWorker> {
  const child: ChildProcess = spawn(process.execPath, [workerPath, JSON.stringify(config)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waiting: Array<{ resolve: (message: Record<string, unknown>) => void; reject: (error: Error) => void }> = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const wait of waiting.splice(0)) wait.reject(new Error(`record worker exited (code ${code}): ${stderr}`));
  });
  createInterface({ input: child.stdout! }).on('line', (line) =>
    waiting.shift()?.resolve(JSON.parse(line) as Record<string, unknown>),
  );
  const next = () => new Promise<Record<string, unknown>>((resolve, reject) => waiting.push({ resolve, reject }));
  const ready = await next();
  if (ready.ready !== true) throw new Error(`record worker did not start: ${JSON.stringify(ready)} ${stderr}`);
  return {
    async record(events) {
      const answer = next();
      child.stdin!.write(`${JSON.stringify({ events })}\n`);
      const message = await answer;
      if (typeof message.error === 'string') throw new Error(`record worker failed: ${message.error}`);
      return message.responses as RecordResult[];
    },
    async quit() {
      if (child.exitCode === null) child.stdin!.end(`${JSON.stringify({ quit: true })}\n`);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
