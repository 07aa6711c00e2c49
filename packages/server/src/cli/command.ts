/**
 * The shape of one command of the CLI: its name, a line for the global help, its own help, and
 * what it does with its arguments (resolving to the exit code).
 */
import { parseArgs, type FlagSpec, type ParsedArgs } from './args.js';
import { Output, type CliIo } from './output.js';

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** Parses a command's arguments; null, after printing the command's help, when --help was asked. */
export function beginCommand(argv: readonly string[], io: CliIo, flags: FlagSpec, help: string): { args: ParsedArgs; out: Output } | null {
  const args = parseArgs(argv, flags);
  if (args.booleans.has('help')) {
    io.stdout.write(`${help}\n`);
    return null;
  }
  return { args, out: new Output(io, args.booleans.has('json')) };
}
