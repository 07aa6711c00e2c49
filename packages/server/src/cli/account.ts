/**
 * What the commands that work on the data directly share: the backend named by the environment
 * and --data / --redis, and the account they act on (the operator account unless --account ID).
 */
import type { Account } from '../control/types.js';
import { openBackend, type Backend } from '../backend/backend.js';
import { parseSettings } from '../settings.js';
import { CommandError, type ParsedArgs } from './args.js';

/** The flags of every command that opens the backend. */
export const BACKEND_FLAGS = { data: 'string', redis: 'string', account: 'string' } as const;

export const BACKEND_HELP = [
  '  --data DIR        folder of the SQLite files (default ./data, or KINDLING_DATA_DIR)',
  '  --redis URL       use Redis at this URL (or REDIS_URL / REDIS_CLUSTER_NODES)',
  '  --account ID      act on this account (default: the operator account)',
];

/**
 * The SQLite data folder that --data or the environment names, for the commands that work on its
 * files; `refusal` when the environment names Redis instead, which keeps no such folder.
 */
export function sqliteDataDir(
  args: ParsedArgs,
  env: Readonly<Record<string, string | undefined>>,
  refusal: string,
): string {
  const settings = parseSettings(env, { data: args.strings.data });
  if (settings.redis !== null) throw new CommandError(refusal);
  return settings.dataDir;
}

export interface OpenAccount {
  readonly backend: Backend;
  readonly account: Account;
  /** how long idempotency keys answer, from KINDLING_IDEMPOTENCY_HOURS (as the server's) */
  readonly idempotencyRetentionMs: number;
  close(): Promise<void>;
}

/** Opens the backend and finds the account; the caller closes it. */
export async function openAccount(
  args: ParsedArgs,
  env: Readonly<Record<string, string | undefined>>,
): Promise<OpenAccount> {
  const settings = parseSettings(env, { data: args.strings.data, redis: args.strings.redis });
  const backend = openBackend(settings, { existing: true });
  try {
    const account = await findAccount(backend, args.strings.account);
    return {
      backend,
      account,
      idempotencyRetentionMs: settings.idempotencyHours * 3_600_000,
      close: () => backend.close(),
    };
  } catch (error) {
    await backend.close().catch(() => {});
    throw error;
  }
}

async function findAccount(backend: Backend, id: string | undefined): Promise<Account> {
  if (id !== undefined) {
    const account = await backend.control.account(id);
    if (account === null)
      throw new CommandError(`no account has the id ${JSON.stringify(id)} in ${backend.where} (--account)`);
    return account;
  }
  const operator = (await backend.control.accounts()).find((a) => a.operator);
  if (operator === undefined)
    throw new CommandError(`no account in ${backend.where} yet: run \`kindling start\` once to create it`);
  return operator;
}

/** Runs `work` on the opened account and closes the backend afterwards, whatever happens. */
export async function withAccount<T>(
  args: ParsedArgs,
  env: Readonly<Record<string, string | undefined>>,
  work: (opened: OpenAccount) => Promise<T>,
): Promise<T> {
  const opened = await openAccount(args, env);
  try {
    return await work(opened);
  } finally {
    await opened.close();
  }
}
