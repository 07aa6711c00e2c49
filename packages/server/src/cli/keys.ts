/**
 * `kindling keys create|list|revoke`: the account's API keys, straight on the control plane.
 */
import { createKey } from '../runtime/accounts.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, choiceFlag, positionals, requiredName } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import { table } from './output.js';
import { keyWire } from '../wire/admin-wire.js';

const FLAGS = { ...BACKEND_FLAGS, name: 'string', kind: 'string' } as const;

const HELP = `usage:
  kindling keys create --name NAME [--kind admin|application]   create a key (shown once)
  kindling keys list                                            list the keys
  kindling keys revoke ID                                       revoke a key at once

  --name NAME       what the key is for (create)
  --kind KIND       admin (everything) or application (events and reads; the default)
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
      const keys = await withAccount(args, io.env, ({ backend, account }) => backend.control.keys(account.id));
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
