/**
 * Finding one webhook endpoint of the caller's account by the id in a route, or refusing it as
 * unknown: another account's endpoint is as unknown as one that never was.
 */
import { listWebhooks } from '../../accounts/account-reads.js';
import type { ServerContext } from '../../context.js';
import { HttpError } from '../../errors/errors.js';
import type { WebhookEndpoint } from '../../control/webhook-endpoint.js';

export function webhookNotFound(id: string): HttpError {
  return new HttpError('NOT_FOUND', `no webhook endpoint of this account has the id ${JSON.stringify(id)}`);
}

/** The account's endpoint with this id; NOT_FOUND otherwise. */
export async function endpointOf(ctx: ServerContext, accountId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = (await listWebhooks(ctx.accounts, accountId)).find((e) => e.id === id);
  if (endpoint === undefined) throw webhookNotFound(id);
  return endpoint;
}
