/**
 * What a tenant's fields may hold. A customer id travels in the Tenant-ID header, so it is printable
 * ASCII without spaces at its ends (what every HTTP client sends unchanged), unique in the account.
 */
import type { Tenant } from '../control/types.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** Why `customerId` cannot name a tenant, or null when it can. */
export function customerIdProblem(customerId: string): string | null {
  if (!PRINTABLE_ASCII.test(customerId) || customerId.trim() !== customerId)
    return 'customerId must be printable ASCII (what a Tenant-ID header carries), without spaces at its ends';
  return null;
}

/** The issue text of a customer id another tenant of the account has. */
export function customerIdTaken(customerId: string): string {
  return `Customer ID ${JSON.stringify(customerId)} already exists in this account`;
}

/** Whether another tenant than `except` has this customer id. */
export function isTaken(tenants: readonly Tenant[], customerId: string, except?: string): boolean {
  return tenants.some((t) => t.customerId === customerId && t.id !== except);
}
