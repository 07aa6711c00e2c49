/**
 * Asking the person at the terminal before a change that cannot be taken back: the question on
 * stderr, one line read from stdin, yes only for "y" or "yes" (any case). Off a terminal there is
 * nobody to ask: the caller refuses instead, unless told --yes.
 */
import { createInterface } from 'node:readline';
import { UsageError } from './args.js';
import type { CliIo } from './output.js';

/** Whether stdin is a terminal a person answers at. */
export function canAsk(io: CliIo): boolean {
  return io.stdin.isTTY === true;
}

/** Asks `question` (y/N); resolves true for a yes, false for anything else, the end of input or `signal`. */
export async function confirm(io: CliIo, question: string, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return false;
  io.stderr.write(`${question} [y/N] `);
  const lines = createInterface({ input: io.stdin, terminal: false });
  try {
    const answer = await new Promise<string>((resolve) => {
      lines.once('line', resolve);
      lines.once('close', () => resolve(''));
      signal?.addEventListener('abort', () => resolve(''), { once: true });
    });
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    lines.close();
  }
}

/**
 * True when the work may go on: `yes` given (the --yes flag), or the person at the terminal said
 * so. Off a terminal without --yes, a UsageError that names the flag.
 */
export async function confirmed(io: CliIo, question: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!canAsk(io))
    throw new UsageError(`${question} Nobody is at a terminal to answer: add --yes to go on without asking`);
  return confirm(io, question);
}
