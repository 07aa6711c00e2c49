/**
 * The tenants of each account by customer id, for the Tenant-ID header on the hot path: a lookup
 * in the account's tenant index (`Control.tenantIndex`: read once per cache time per process,
 * parsed only when the document changed), never a parse of the tenants document per request. A
 * change made in this process is seen at once (the Control that made it keeps what it wrote), one
 * made in another process within the cache time.
 */
import type { Control } from '../control/control.js';
import type { Tenant } from '../control/types.js';

export class TenantCache {
  constructor(private readonly control: Control) {}

  /** The active tenant of the account with this customer id, or null. */
  async find(accountId: string, customerId: string): Promise<Tenant | null> {
    const tenant = (await this.control.tenantIndex(accountId)).byCustomerId.get(customerId);
    return tenant !== undefined && tenant.status === 'active' ? tenant : null;
  }
}
