/**
 * `kindling password set`: the account owner's dashboard password, read from stdin (typed without
 * echo on a terminal, asked twice; the first line of a pipe for scripts) and stored as a scrypt hash.
 */
import { hashPassword, PASSWORD_LENGTH, passwordProblem } from '../secrets.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, positionals } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import type { CliIo } from './output.js';

const HELP = `usage: kindling password set

Sets the owner password of the account, for signing in to the dashboard. Type it when asked
(nothing is shown), or pipe it: printf '%s\\n' "$PASSWORD" | kindling password set
${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.

${BACKEND_HELP.join('\n')}
  --json            print the result as JSON`;

/** The first line of a piped stdin. */
async function readPipedLine(stdin: CliIo['stdin']): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return (text.split('\n')[0] ?? '').replace(/\r$/, '');
}

/** One line typed on a terminal without echo; Ctrl-C aborts. */
function readHidden(io: CliIo, prompt: string): Promise<string> {
  io.stderr.write(prompt);
  const stdin = io.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error: Error | null) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stderr.write('\n');
      if (error !== null) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return done(null);
        if (ch === '\u0003') return done(new CommandError('cancelled; the password was not changed'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** The new password: asked twice on a terminal, else read from the pipe. */
export async function readPassword(io: CliIo): Promise<string> {
  if (io.stdin.isTTY !== true) return readPipedLine(io.stdin);
  const first = await readHidden(io, 'New owner password: ');
  if (passwordProblem(first) !== null) return first;
  const again = await readHidden(io, 'Again: ');
  if (again !== first) throw new CommandError('the two passwords differ; nothing was changed');
  return first;
}

export const passwordCommand: Command = {
  name: 'password',
  summary: "set the account owner's dashboard password (read from stdin)",
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, BACKEND_FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const { rest } = takeAction(args, ['set'], ['password set']);
    positionals(rest, []);
    const password = await readPassword(io);
    const problem = passwordProblem(password);
    if (problem !== null) throw new CommandError(`the password ${problem}`);
    const passwordHash = await hashPassword(password);
    const account = await withAccount(args, io.env, async ({ backend, account }) => {
      await backend.control.saveAccount({ ...account, passwordHash });
      return account;
    });
    out.result(
      { accountId: account.id, name: account.name, passwordSet: true },
      (a) => `Set the owner password of the account "${a.name}" (${a.accountId}). Sign in to the dashboard with it.`,
    );
    return 0;
  },
};
