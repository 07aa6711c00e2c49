/**
 * The shape of one command of the CLI: its name, a line for the global help, its own help, and
 * what it does with its arguments (resolving to the exit code).
 */
import { MissingOperandError, parseArgs, UsageError, type FlagSpec, type ParsedArgs } from './args.js';
import { Output, type CliIo } from './output.js';

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** Parses a command's arguments; null, after printing the command's help, when --help was asked. */
export function beginCommand(
  argv: readonly string[],
  io: CliIo,
  flags: FlagSpec,
  help: string,
): { args: ParsedArgs; out: Output } | null {
  const args = parseArgs(argv, flags);
  if (args.booleans.has('help')) {
    io.stdout.write(`${help}\n`);
    return null;
  }
  return { args, out: new Output(io, args.booleans.has('json')) };
}

/** "a", "a or b", "a, b or c" */
function either(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/**
 * The action of a command that has several (`kindling keys create ...`): the first positional, one of
 * `actions`, and the arguments after it. `usage` shows each action as the help does ("keys revoke ID");
 * a missing action is a MissingOperandError (the command's usage is printed after it), an unknown
 * one a UsageError; each lists them.
 */
export function takeAction<A extends string>(
  args: ParsedArgs,
  actions: readonly A[],
  usage: readonly string[],
): { action: A; rest: ParsedArgs } {
  const [action, ...rest] = args.positionals;
  if (action === undefined) throw new MissingOperandError(`say what to do: ${either(usage)}`);
  if (!(actions as readonly string[]).includes(action))
    throw new UsageError(`unknown action ${JSON.stringify(action)}: use ${either(actions)}`);
  return { action: action as A, rest: { ...args, positionals: rest } };
}
