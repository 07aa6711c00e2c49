/**
 * Real OS processes for the S21 and durability tests: each runs test/child.mjs on the built
 * packages. `ensureBuilt` builds core and sqlite when their dist is missing or older than their
 * sources (under a lock, as several test files may ask at once).
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { PointsSystemRules, RecordInput } from '@kindling/core';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url));

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(name: string): boolean {
  const dist = join(ROOT, 'packages', name, 'dist', 'index.js');
  return existsSync(dist) && statSync(dist).mtimeMs >= newestSource(join(ROOT, 'packages', name, 'src'));
}

/** Builds @kindling/core and @kindling/sqlite unless their dist is up to date; throws with the build output on failure. */
export function ensureBuilt(): void {
  const lock = join(ROOT, 'packages', 'sqlite', 'node_modules', '.build-lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline)
        throw new Error(`ensureBuilt: ${lock} is held for more than 3 minutes; remove it if no build is running`);
      execFileSync('sleep', ['0.2']);
    }
  }
  try {
    if (isFresh('core') && isFresh('sqlite')) return;
    try {
      execFileSync('pnpm', ['--filter', '@kindling/core', '--filter', '@kindling/sqlite', 'run', 'build'], {
        cwd: ROOT,
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(
        `building @kindling/core and @kindling/sqlite for the multi-process tests failed:\n${stdout ?? ''}\n${stderr ?? ''}`,
      );
    }
  } finally {
    rmdirSync(lock);
  }
}

/** What a child prints after each `record` returned. */
export interface Printed {
  eventId: string;
  total: number;
  replayed: boolean;
  extended: boolean;
  periodStart: string;
  length: number;
  /** the answer's points map (ChildOptions.points): each system's total and the totals of its awards */
  points?: Record<string, { total: number; awards: number[] }>;
}

export interface ChildOptions {
  file: string;
  events: RecordInput[];
  synchronous?: 'full' | 'normal';
  /** points systems for the child's engine (EngineOptions.points) */
  points?: readonly PointsSystemRules[];
}

export interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  /** every line printed so far, parsed */
  readonly printed: Printed[];
  /** resolves once the child printed "ready" */
  readonly ready: Promise<void>;
  go(): void;
  /** resolves when the child exited; rejects when it failed (the message holds its stderr) */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** called with each parsed line */
  onPrint?: (line: Printed) => void;
}

/** `wrap`: a command that runs the child (for instance strace and its flags), the child's own command line appended. */
export function startChild(options: ChildOptions, wrap: readonly string[] = []): Child {
  const command = [...wrap, process.execPath, CHILD];
  const child = spawn(command[0] as string, command.slice(1), { cwd: ROOT });
  child.stdin.write(`${JSON.stringify(options)}\n`);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  let markReady: () => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  const handle: Child = {
    process: child,
    printed: [],
    ready,
    go: () => child.stdin.write('go\n'),
    exited: new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        failReady(new Error(`child exited (code ${code}, signal ${signal}) before it was ready:\n${stderr}`));
        if (code === 0 || signal !== null) resolve({ code, signal });
        else reject(new Error(`child exited with code ${code}:\n${stderr}`));
      });
    }),
  };
  createInterface({ input: child.stdout }).on('line', (text) => {
    if (text === 'ready') return markReady();
    const line = JSON.parse(text) as Printed;
    handle.printed.push(line);
    handle.onPrint?.(line);
  });
  return handle;
}

/** Starts one child per event list, lets them all go at once, and waits for each to finish. */
export async function runTogether(
  file: string,
  eventLists: RecordInput[][],
  points?: readonly PointsSystemRules[],
): Promise<Printed[][]> {
  const children = eventLists.map((events) => startChild({ file, events, ...(points ? { points } : {}) }));
  await Promise.all(children.map((child) => child.ready));
  for (const child of children) child.go();
  await Promise.all(children.map((child) => child.exited));
  return children.map((child) => child.printed);
}
