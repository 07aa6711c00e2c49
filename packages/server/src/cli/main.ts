/**
 * `kindling`: dispatches to one command per file and maps failures to exit codes: 2 for a usage or
 * settings mistake, 1 for anything else, each with a message on stderr naming the flag or value.
 */
import { KindlingError } from '@kindling/core';
import { ServiceError } from '../errors/service-errors.js';
import { readEnvironment } from '../env.js';
import { ListenError } from '../server.js';
import { SettingsError } from '../settings.js';
import { BackupError } from '../backend/backup-archive.js';
import { CommandError, MissingOperandError, UsageError } from './args.js';
import { backupCommand } from './backup.js';
import type { Command } from './command.js';
import { importCommand } from './import.js';
import { keysCommand } from './keys.js';
import { metricsCommand } from './metrics.js';
import { Output, quietWhenClosed, type CliIo } from './output.js';
import { passwordCommand } from './password.js';
import { pointsCommand } from './points.js';
import { restoreCommand } from './restore.js';
import { startCommand } from './start.js';
import { streakCommand } from './streak.js';
import { tenantsCommand } from './tenants.js';
import { userCommand } from './user.js';

export const COMMANDS: readonly Command[] = [
  startCommand,
  keysCommand,
  metricsCommand,
  pointsCommand,
  streakCommand,
  userCommand,
  tenantsCommand,
  importCommand,
  passwordCommand,
  backupCommand,
  restoreCommand,
];

export function globalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'kindling: the Kindling streak service and its tools',
    '',
    'usage: kindling <command> [flags]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --help, and --json to print one JSON document for scripts.',
    'Errors go to stderr; the exit code is 1 for a failure, 2 for a usage mistake.',
  ].join('\n');
}

/** The exit code and the code of the error for --json, by kind of failure. */
function classify(error: unknown): { exit: number; code: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError) return { exit: 2, code: 'USAGE', message };
  if (error instanceof SettingsError) return { exit: 2, code: 'SETTINGS', message };
  // a typed error of the core or of the server: its code of the closed list (CONFIG_CONFLICT, INVALID_CONFIG, ...)
  if (error instanceof KindlingError || error instanceof ServiceError) return { exit: 1, code: error.code, message };
  if (error instanceof CommandError) return { exit: 1, code: 'FAILED', message };
  if (error instanceof BackupError) return { exit: 1, code: 'BACKUP', message };
  if (error instanceof ListenError) return { exit: 1, code: error.code, message };
  return { exit: 1, code: 'INTERNAL', message: `unexpected failure: ${message}` };
}

/** Runs one command line (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const out = new Output(io, argv.includes('--json'));
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(`${globalHelp()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    out.error(`unknown command ${JSON.stringify(name)}; run kindling --help for the list`, 'USAGE');
    return 2;
  }
  try {
    // `pnpm start -- --port 8080` hands the command a literal `--` first: it separates nothing here.
    return await command.run(rest[0] === '--' ? rest.slice(1) : rest, io);
  } catch (error) {
    const failure = classify(error);
    out.error(failure.message, failure.code);
    // without the action or operand it needs, a command shows how it is called: its actions and what they do
    if (error instanceof MissingOperandError && !out.json) io.stderr.write(`\n${command.help}\n`);
    else if (failure.exit === 2 && !out.json && !(error instanceof SettingsError))
      io.stderr.write(`run kindling ${name} --help for its flags\n`);
    return failure.exit;
  }
}

/** The process's own entry point (bin/kindling.mjs). */
export function run(argv: readonly string[]): Promise<number> {
  return runCli(argv, {
    stdout: quietWhenClosed(process.stdout),
    stderr: quietWhenClosed(process.stderr),
    stdin: process.stdin,
    env: readEnvironment(),
  });
}
