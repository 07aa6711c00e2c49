/**
 * The tenants of each account by customer id, for the Tenant-ID header on the hot path: read from
 * the control plane once per account and kept for `cacheMs`. A change made in this process is seen
 * at once (`forget`), one made in another process within `cacheMs`. Bounded: the map forgets
 * everything when it holds MAX_ACCOUNTS accounts.
 */
import type { Control } from '../control/control.js';
import type { Tenant } from '../control/types.js';

const MAX_ACCOUNTS = 10_000;

export class TenantCache {
  private readonly accounts = new Map<string, { byCustomerId: Map<string, Tenant>; at: number }>();

  constructor(
    private readonly control: Control,
    private readonly cacheMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The active tenant of the account with this customer id, or null. */
  async find(accountId: string, customerId: string): Promise<Tenant | null> {
    const now = this.clock();
    let hit = this.accounts.get(accountId);
    if (hit === undefined || now - hit.at >= this.cacheMs) {
      const tenants = await this.control.tenants(accountId);
      hit = { byCustomerId: new Map(tenants.map((t) => [t.customerId, t])), at: now };
      if (this.accounts.size >= MAX_ACCOUNTS) this.accounts.clear();
      this.accounts.set(accountId, hit);
    }
    const tenant = hit.byCustomerId.get(customerId);
    return tenant !== undefined && tenant.status === 'active' ? tenant : null;
  }

  /** Forgets the account's tenants: the next request reads them again. */
  forget(accountId: string): void {
    this.accounts.delete(accountId);
  }
}
