/**
 * `kindling keys create|list|revoke`: the account's API keys, straight on the control plane.
 */
import { createKey } from '../accounts/accounts.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, choiceFlag, positionals, requiredName, wholeFlag } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import { table } from './output.js';
import { keyWire } from '../wire/admin-wire.js';

const FLAGS = { ...BACKEND_FLAGS, name: 'string', kind: 'string', limit: 'string', skip: 'string' } as const;

/** The most keys one page of `keys list` may ask for, as the admin API's list. */
const MAX_PAGE = 1000;

const HELP = `usage:
  kindling keys create --name NAME [--kind admin|application]   create a key (shown once)
  kindling keys list [--limit N] [--skip N]                     list the keys, in the order they were made
  kindling keys revoke ID                                       revoke a key at once

  --name NAME       what the key is for (create)
  --kind KIND       admin (everything) or application (events and reads; the default)
  --limit N         list at most N keys, 1 to ${MAX_PAGE} (list; every key without it)
  --skip N          leave out the first N keys (list; default 0)
${BACKEND_HELP.join('\n')}
  --json            print the result as JSON`;

export const keysCommand: Command = {
  name: 'keys',
  summary: 'create, list and revoke API keys',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const { action, rest: sub } = takeAction(
      args,
      ['create', 'list', 'revoke'],
      ['keys create', 'keys list', 'keys revoke ID'],
    );
    if (action === 'create') {
      positionals(sub, []);
      const name = requiredName(args, 'name');
      const kind = choiceFlag(args, 'kind', ['admin', 'application'], 'application');
      const created = await withAccount(args, io.env, ({ backend, account }) =>
        createKey(backend.control, account.id, kind, name, Date.now()),
      );
      out.result({ ...keyWire(created.record), key: created.key }, (k) => [
        `Created the ${k.kind} key "${k.name}" (id ${k.id}). It is shown only now:`,
        '',
        `  ${k.key}`,
      ]);
      return 0;
    }
    if (action === 'list') {
      positionals(sub, []);
      // Application keys are made per user, so a list may be long: --limit and --skip page it.
      const skip = wholeFlag(args, 'skip', 0, Number.MAX_SAFE_INTEGER, 0);
      const limit = args.strings.limit === undefined ? null : wholeFlag(args, 'limit', 1, MAX_PAGE, MAX_PAGE);
      const page = limit === null && skip === 0 ? undefined : { skip, limit: limit ?? Number.MAX_SAFE_INTEGER };
      const keys = await withAccount(args, io.env, ({ backend, account }) => backend.control.keys(account.id, page));
      out.result(
        keys.map((k) => keyWire(k)),
        (list) =>
          list.length === 0
            ? 'no keys'
            : table(
                ['ID', 'KIND', 'PREFIX', 'NAME', 'CREATED', 'LAST USED', 'REVOKED'],
                list.map((k) => [
                  k.id,
                  k.kind,
                  `${k.prefix}…`,
                  k.name,
                  k.created,
                  k.lastUsedAt ?? '-',
                  k.revokedAt ?? '-',
                ]),
              ),
      );
      return 0;
    }
    // revoke
    const [id] = positionals(sub, ['ID']) as [string];
    const revoked = await withAccount(args, io.env, ({ backend, account }) =>
      backend.control.revokeKey(account.id, id, new Date().toISOString()),
    );
    if (revoked === null)
      throw new CommandError(`no key of this account has the id ${JSON.stringify(id)}; see kindling keys list`);
    out.result(
      keyWire(revoked),
      (k) =>
        `Revoked the key "${k.name}" (${k.prefix}…) at ${k.revokedAt}. Servers stop accepting it within KINDLING_CACHE_MS.`,
    );
    return 0;
  },
};
