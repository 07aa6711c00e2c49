/**
 * Finding one webhook endpoint of the caller's account by the id in a route, or refusing it as
 * unknown: another account's endpoint is as unknown as one that never was.
 */
import type { AccountDeps } from '../../accounts/account-deps.js';
import { listWebhooks } from '../../accounts/account-reads.js';
import { HttpError } from '../../errors/errors.js';
import type { WebhookEndpoint } from '../../control/webhook-endpoint.js';

/** What the route takes of the server: the lower layers it calls. */
export interface WebhookLookupDeps {
  readonly accounts: AccountDeps;
}

export function webhookNotFound(id: string): HttpError {
  return new HttpError('NOT_FOUND', `no webhook endpoint of this account has the id ${JSON.stringify(id)}`);
}

/** The account's endpoint with this id; NOT_FOUND otherwise. */
export async function endpointOf(ctx: WebhookLookupDeps, accountId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = (await listWebhooks(ctx.accounts, accountId)).find((e) => e.id === id);
  if (endpoint === undefined) throw webhookNotFound(id);
  return endpoint;
}
