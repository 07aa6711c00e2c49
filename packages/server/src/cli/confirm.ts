/**
 * A yes-or-no question before a command does what cannot be undone: asked on a terminal (stdin a
 * TTY), answered by typing `yes` or `y`; off a terminal (a script, a pipe) nobody can answer, so the
 * command refuses unless its --yes flag said yes beforehand.
 */
import { UsageError } from './args.js';
import type { CliIo } from './output.js';

/** The first line typed, without its end. */
async function readLine(stdin: CliIo['stdin']): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return (text.split('\n')[0] ?? '').replace(/\r$/, '').trim();
}

/**
 * True when the work may go on: `yes` given (the --yes flag), or the person at the terminal said
 * so. Off a terminal without --yes, a UsageError that names the flag.
 */
export async function confirmed(io: CliIo, question: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (io.stdin.isTTY !== true)
    throw new UsageError(`${question} Nobody is at a terminal to answer: add --yes to go on without asking`);
  io.stderr.write(`${question} Type yes to go on: `);
  const answer = (await readLine(io.stdin)).toLowerCase();
  return answer === 'yes' || answer === 'y';
}
