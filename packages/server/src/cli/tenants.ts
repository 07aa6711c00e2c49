/**
 * `kindling tenants purge-deleted [--yes]`: removes what the account's deleted tenants left in the
 * store (accounts/purge-tenants.ts): every user of each such namespace erased, then its counts, with
 * a progress bar; Ctrl-C or SIGTERM stops between two users, and running it again goes on.
 */
import { deletedTenantSpaces, purgeSpace } from '../accounts/purge-tenants.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { takeAction, beginCommand, type Command } from './command.js';
import { confirmed } from './confirm.js';
import { Progress } from './progress.js';
import { exitCodeFor, stoppable } from './stop-signals.js';

const HELP = `usage: kindling tenants purge-deleted [--yes]

A deleted tenant is unreachable at once, but its users' data stays in the store under the tenant's
internal id. This finds every namespace of the account whose tenant was deleted and removes it: each
user erased (state, history, journal, idempotency records, news, analytics lines), then its day
counts and what the control plane keeps under its name. Webhook deliveries already queued for its
users are left to the delivery log's expiry. Asks at a terminal first; off one it needs --yes.
Ctrl-C or SIGTERM stops between two users (exit 130 or 143); run it again to go on. On Redis it
scans the whole key space to find the namespaces.

${BACKEND_HELP.join('\n')}
  --yes             go on without asking
  --json            print the result as JSON`;

interface Purged {
  tenantId: string;
  users: number;
  done: boolean;
}

export const tenantsCommand: Command = {
  name: 'tenants',
  summary: 'remove the data deleted tenants left in the store (purge-deleted)',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, { ...BACKEND_FLAGS, yes: 'boolean' }, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    takeAction(args, ['purge-deleted'], ['tenants purge-deleted']);
    const stop = stoppable('stopping after the user in hand', (text) => out.note(text));
    try {
      const purged = await withAccount(args, io.env, async ({ backend, account }): Promise<Purged[] | null> => {
        const spaces = await deletedTenantSpaces(backend, account.id);
        if (spaces.length === 0) return [];
        out.note(`Found ${spaces.length} namespace(s) of deleted tenants: ${spaces.map((s) => s.tenantId).join(', ')}`);
        if (!(await confirmed(io, 'Remove them and every user they hold?', args.booleans.has('yes')))) return null;
        const results: Purged[] = [];
        for (const space of spaces) {
          if (stop.signal.aborted) break;
          let bar: Progress | null = null;
          const purge = await purgeSpace(backend, space, {
            signal: stop.signal,
            onProgress: (done, total) => {
              if (out.json) return;
              bar ??= new Progress(io.stderr, total, { unit: 'items', rateLabel: 'users/s' });
              bar.update(done, done);
            },
          });
          (bar as Progress | null)?.finish();
          results.push({ tenantId: space.tenantId as string, ...purge });
        }
        return results;
      });
      if (purged === null) {
        out.note('Nothing was removed.');
        return 1;
      }
      out.result({ purged }, (r) =>
        r.purged.length === 0
          ? 'No deleted tenant left data in the store.'
          : r.purged.map(
              (p) =>
                `tenant ${p.tenantId}: ${p.users} user(s) erased${p.done ? ', namespace removed' : ', stopped before the end (run it again to go on)'}`,
            ),
      );
      return stop.stoppedBy === null ? 0 : exitCodeFor(stop.stoppedBy);
    } finally {
      stop.off();
    }
  },
};
