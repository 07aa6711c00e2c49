/**
 * What may change in an account's webhook endpoints, and how: add one (at most MAX_WEBHOOKS), change
 * its URL, types or whether it is on (turning it on clears the reason the server turned it off), or
 * remove one. Each is one compare-and-set of the account's endpoints; what cannot be done is the
 * answer (`full`, `null` for an id no endpoint has), not a throw. The URL's check and the signing
 * secret belong to `webhooks/`, above this layer: the caller checks the URL and makes the secret.
 */
import { MAX_WEBHOOKS, type WebhookEndpoint, type WebhookType } from '../control/webhook-endpoint.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';

export interface NewWebhook {
  url: string;
  types: readonly WebhookType[];
  enabled?: boolean;
  secret: string;
}

export interface WebhookChange {
  url?: string;
  types?: readonly WebhookType[];
  enabled?: boolean;
}

/** Adds the endpoint, or answers `full` when the account has MAX_WEBHOOKS already. */
export async function addWebhook(
  deps: AccountDeps,
  accountId: string,
  item: NewWebhook,
): Promise<{ added: WebhookEndpoint } | { full: number }> {
  const at = new Date(deps.clock()).toISOString();
  const endpoint: WebhookEndpoint = {
    id: newId(),
    url: item.url,
    types: [...item.types],
    secret: item.secret,
    enabled: item.enabled ?? true,
    disabledReason: null,
    created: at,
    updated: at,
  };
  let full = false;
  await deps.control.changeWebhooks(accountId, (endpoints) => {
    full = endpoints.length >= MAX_WEBHOOKS;
    return full ? endpoints : [...endpoints, endpoint];
  });
  return full ? { full: MAX_WEBHOOKS } : { added: endpoint };
}

/** The endpoint `id` after `change`, or null when the account has none of that id. */
export async function changeWebhook(
  deps: AccountDeps,
  accountId: string,
  id: string,
  change: WebhookChange,
): Promise<WebhookEndpoint | null> {
  const at = new Date(deps.clock()).toISOString();
  const { url, types, enabled } = change;
  let changed: WebhookEndpoint | null = null;
  await deps.control.changeWebhooks(accountId, (endpoints) => {
    changed = null;
    return endpoints.map((endpoint) => {
      if (endpoint.id !== id) return endpoint;
      const next: WebhookEndpoint = {
        ...endpoint,
        ...(url !== undefined ? { url } : {}),
        ...(types !== undefined ? { types: [...types] } : {}),
        ...(enabled !== undefined ? { enabled, disabledReason: enabled ? null : endpoint.disabledReason } : {}),
        updated: at,
      };
      changed = next;
      return next;
    });
  });
  return changed;
}

/** Removes the endpoint `id`: it as it was, or null when the account has none of that id. */
export async function removeWebhook(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  id: string,
): Promise<WebhookEndpoint | null> {
  let removed: WebhookEndpoint | null = null;
  await deps.control.changeWebhooks(accountId, (endpoints) => {
    removed = endpoints.find((endpoint) => endpoint.id === id) ?? null;
    return endpoints.filter((endpoint) => endpoint.id !== id);
  });
  return removed;
}
