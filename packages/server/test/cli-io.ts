/**
 * Tests' command-line world: captured stdout and stderr, stdin from a string, the environment as
 * given, and a data folder holding a first-started account. Not part of the package's API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { bootstrap, type NewAccount } from '../src/accounts/accounts.js';
import { openBackend, type Backend } from '../src/backend/backend.js';
import { parseSettings } from '../src/settings.js';
import { runCli } from '../src/cli/main.js';
import type { CliIo } from '../src/cli/output.js';

export interface FakeIo extends CliIo {
  out(): string;
  err(): string;
}

/** With `tty`, stdin says it is a terminal (a person who can answer a question). */
export function fakeIo(env: Record<string, string> = {}, stdin = '', tty = false): FakeIo {
  let out = '';
  let err = '';
  const input = Object.assign(Readable.from([stdin]), tty ? { isTTY: true } : {});
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    stdin: input,
    env,
    out: () => out,
    err: () => err,
  };
}

export interface DataDir {
  dir: string;
  env: Record<string, string>;
  first: NewAccount;
  /** runs `kindling ...argv` on this folder; with `tty`, stdin is a terminal */
  cli(argv: readonly string[], stdin?: string, tty?: boolean): Promise<{ code: number; out: string; err: string }>;
  /** opens the folder's backend for a check; the caller closes it */
  open(): Backend;
  remove(): void;
}

export async function dataDir(): Promise<DataDir> {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-cli-'));
  const env = { KINDLING_DATA_DIR: dir, LOG_LEVEL: 'silent' };
  const settings = parseSettings(env);
  const backend = openBackend(settings);
  const first = await bootstrap(backend.control, { password: null, at: Date.now() });
  await backend.close();
  if (first === null) throw new Error('a new data folder should get its first account');
  return {
    dir,
    env,
    first,
    async cli(argv, stdin = '', tty = false) {
      const io = fakeIo(env, stdin, tty);
      const code = await runCli(argv, io);
      return { code, out: io.out(), err: io.err() };
    },
    open: () => openBackend(settings),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
