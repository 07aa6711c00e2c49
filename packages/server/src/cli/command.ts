/**
 * The shape of one command of the CLI: its name, a line for the global help, its own help, and
 * what it does with its arguments (resolving to the exit code).
 */
import type { CliIo } from './output.js';

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}
