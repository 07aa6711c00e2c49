/**
 * Where a webhook may be sent. A server that posts to URLs its users choose must not be turned
 * against its own network: an endpoint's address must be a public unicast one (no loopback, private
 * range, link-local cloud metadata address, carrier-grade NAT, multicast, unspecified, or an IPv6
 * form that wraps one of them), unless the operator allows private targets
 * (`KINDLING_WEBHOOK_ALLOW_PRIVATE=1`, for tests and closed networks).
 *
 * A name is checked when the delivery connects, on the addresses it resolves to then
 * (`guardedLookup`, given to the HTTP request), so that a name which resolved to a public address
 * when the endpoint was saved cannot later point the delivery inward.
 */
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The longest URL an endpoint may have. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Whether `address` (an IP literal) is one a delivery may connect to without the private allowance. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() reads an IPv4-mapped IPv6 address (::ffff:10.0.0.1) as the IPv4 address it carries.
  return ipaddr.process(address).range() === 'unicast';
}

/** Why `text` cannot be a webhook URL, or null when it can (its host is checked again at delivery). */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `a webhook URL is at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'a webhook URL is an absolute http:// or https:// URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'a webhook URL is an absolute http:// or https:// URL';
  if (url.username !== '' || url.password !== '') return 'a webhook URL carries no user name or password';
  if (url.hash !== '') return 'a webhook URL has no #fragment';
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return 'a webhook URL names a host';
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    return `a webhook URL may not point at a private, loopback or reserved address (${host}); set KINDLING_WEBHOOK_ALLOW_PRIVATE=1 to allow it`;
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost')))
    return `a webhook URL may not point at ${host}; set KINDLING_WEBHOOK_ALLOW_PRIVATE=1 to allow it`;
  return null;
}

/** The error a guarded lookup fails with: a delivery refused before it connected. */
export class PrivateTargetError extends Error {
  readonly code = 'WEBHOOK_TARGET_PRIVATE';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or reserved address: not sent`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that refuses names resolving to any address that is not public
 * (every address the name has must be public, so that a connection cannot fall back to an inward
 * one). With `allowPrivate` it is the system's lookup.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (host: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    lookup(host, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const inward = allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address));
      if (inward !== undefined) return callback(new PrivateTargetError(host, inward.address), '');
      if ((options as LookupAllOptions).all) return callback(null, list);
      const first = list[0];
      if (first === undefined)
        return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
