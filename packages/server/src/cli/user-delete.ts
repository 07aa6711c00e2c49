/**
 * `kindling user delete ID [--tenant T] [--yes]`: erases a user (S26) as DELETE /admin/v1/users/:id
 * does, in the account's own namespace or a tenant's, after asking on a terminal (or with --yes).
 */
import { eraseUser } from '../accounts/erase-user.js';
import { Engines } from '../engines/engines.js';
import { accountSpace, tenantSpace, type Space } from '../backend/spaces.js';
import type { Backend } from '../backend/backend.js';
import { BACKEND_HELP, withAccount } from './account.js';
import { CommandError, type ParsedArgs } from './args.js';
import { confirmed } from './confirm.js';
import type { CliIo, Output } from './output.js';

export const USER_DELETE_HELP = `usage: kindling user delete ID [--tenant CUSTOMER_ID] [--yes]

Erases the user: their state, streak history, journal, idempotency records, news not yet handed
on, their line in the analytics and their place in the user list, and the webhook deliveries
queued or logged for them. The dashboard's day counts keep their totals. It cannot be undone.
Asks on a terminal first; off one (a script), it needs --yes.

${BACKEND_HELP.join('\n')}
  --tenant ID       the user of this tenant (its customer id, as the Tenant-ID header names it)
  --yes             go on without asking
  --json            print the result as JSON`;

/** The namespace --tenant names: the account's own without it. */
async function spaceOf(backend: Backend, accountId: string, customerId: string | undefined): Promise<Space> {
  if (customerId === undefined) return accountSpace(accountId);
  const tenant = (await backend.control.tenantIndex(accountId)).byCustomerId.get(customerId);
  if (tenant === undefined || tenant.status !== 'active')
    throw new CommandError(`no tenant has the customer id ${JSON.stringify(customerId)} in this account (--tenant)`);
  return tenantSpace(accountId, tenant.id);
}

export async function deleteUser(args: ParsedArgs, id: string, io: CliIo, out: Output): Promise<number> {
  const tenant = args.strings.tenant;
  const where = tenant === undefined ? '' : ` of tenant ${JSON.stringify(tenant)}`;
  const go = await confirmed(
    io,
    `Erase the user ${JSON.stringify(id)}${where} and everything kept of them?`,
    args.booleans.has('yes'),
  );
  if (!go) {
    out.note('Nothing was erased.');
    return 1;
  }
  const result = await withAccount(args, io.env, async ({ backend, account }) => {
    const space = await spaceOf(backend, account.id, tenant);
    const erasure = await eraseUser(backend, new Engines(backend, 0), space, id);
    if (!erasure.erased && erasure.deliveries === 0)
      throw new CommandError(`no user has the id ${JSON.stringify(id)}${where} in this account`);
    return { userId: id, tenant: tenant ?? null, ...erasure };
  });
  out.result(result, (r) =>
    r.erased
      ? `Erased the user ${JSON.stringify(r.userId)}${where}, and ${r.deliveries} webhook deliveries queued or logged for them.`
      : `No user has the id ${JSON.stringify(r.userId)}${where}; forgot ${r.deliveries} webhook deliveries queued or logged for that id.`,
  );
  return 0;
}
