/**
 * The Tenant-ID header: which namespace of the caller's account a request reads and writes. Absent:
 * the account's own. Present: 1 to 255 characters without control characters, naming an active
 * tenant of the account by its customer id, else a 400 or a 404 UNKNOWN_TENANT; a value never makes
 * a namespace. Routes over the account itself (tenants; deleting application API keys) ignore it.
 */
import type { FastifyRequest } from 'fastify';
import { accountSpace, type Space, tenantSpace } from '../backend/spaces.js';
import type { AccessDeps } from './access-deps.js';
import { HttpError } from '../errors/errors.js';
import { singleHeader } from '../http/single-header.js';

export const TENANT_HEADER = 'tenant-id';
const MAX_LENGTH = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The value as it may appear in a message: at most 64 characters, quoted. */
function shown(value: string): string {
  return JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value);
}

/** The namespace a request of `accountId` names with its Tenant-ID header. */
export async function spaceOf(
  ctx: Pick<AccessDeps, 'tenants'>,
  request: FastifyRequest,
  accountId: string,
): Promise<Space> {
  const header = singleHeader(
    request,
    TENANT_HEADER,
    () => new HttpError('INVALID_TENANT_ID', 'send one Tenant-ID header: a request names one tenant'),
  );
  if (header === undefined) return accountSpace(accountId);
  if (header.length === 0 || header.length > MAX_LENGTH || CONTROL.test(header))
    throw new HttpError(
      'INVALID_TENANT_ID',
      `the Tenant-ID header must be one value of 1 to ${MAX_LENGTH} characters without control characters`,
    );
  const tenant = await ctx.tenants.find(accountId, header);
  if (tenant === null)
    throw new HttpError('UNKNOWN_TENANT', `no active tenant of this account has the customer id ${shown(header)}`);
  return tenantSpace(accountId, tenant.id);
}
