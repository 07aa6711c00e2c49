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
import { urlTextProblem } from '../accounts/url-text.js';

/** The longest URL an endpoint may have. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** IPv6's global unicast space (RFC 4291, IANA): every other IPv6 block is reserved, local or special. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Whether `address` (an IP literal) is one a delivery may connect to without the private allowance.
 * IPv6 is allowed by a list, not refused by one: only global unicast space (2000::/3) and not a
 * special block in it, so that a form nobody listed (IPv4-compatible `::10.0.0.1`, which ipaddr.js
 * files as ordinary unicast) is refused rather than let through.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  // Written as the URL standard writes it first: ipaddr.js reads a dotted tail (::8.8.8.8) as an
  // IPv4-mapped address, where it is the IPv4-compatible ::808:808.
  // A scoped address (fe80::1%eth0) is link-local and no URL's: never public.
  if (address.includes('%')) return false;
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  // An IPv4-mapped address (::ffff:10.0.0.1) is the IPv4 address it carries.
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** Why `text` cannot be a webhook URL, or null when it can (its host is checked again at delivery). */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `a webhook URL is at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  const unshowable = urlTextProblem(text, 'a webhook URL');
  if (unshowable !== null) return unshowable;
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
  if (url.port === '0') return 'a webhook URL has a port from 1 to 65535';
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return 'a webhook URL names a host';
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    return `a webhook URL may not point at a private, loopback or reserved address (${host}); set KINDLING_WEBHOOK_ALLOW_PRIVATE=1 to allow it`;
  // A name's trailing dot (the DNS root) names the same host: `localhost.` is localhost.
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (!allowPrivate && (name === 'localhost' || name.endsWith('.localhost')))
    return `a webhook URL may not point at ${host}; set KINDLING_WEBHOOK_ALLOW_PRIVATE=1 to allow it`;
  return null;
}

/** The error a guarded lookup fails with: a delivery refused before it connected. */
export class PrivateTargetError extends Error {
  readonly code = 'WEBHOOK_TARGET_PRIVATE';
}

/** A name the system's lookup found without an address, told as Node's own lookup tells it (ENOTFOUND). */
export class NoAddressError extends Error {
  readonly code = 'ENOTFOUND';
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
      if (inward !== undefined)
        return callback(
          new PrivateTargetError(
            `${host} resolves to ${inward.address}, a private, loopback or reserved address: not sent`,
          ),
          '',
        );
      if ((options as LookupAllOptions).all) return callback(null, list);
      const first = list[0];
      if (first === undefined) return callback(new NoAddressError(`${host} has no address`), '');
      callback(null, first.address, first.family);
    });
  };
}
