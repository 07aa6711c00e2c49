import { useState, type FormEvent } from 'react';
import { createTenant, deleteTenants, listTenants, renameTenant } from '../api/admin';
import type { Tenant } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateForm } from '../components/CreateForm';
import { ListSection } from '../components/ListSection';
import { PageHeading } from '../components/PageHeading';
import { RenamableName, RenameButton, type Renaming } from '../components/RenameForm';
import { useAnnounce } from '../components/status-context';
import { useChange } from '../components/use-change';
import { useLoad } from '../components/use-load';
import { formatDateTime } from '../lib/format';

/** Creates tenants, lists them (the first 100), renames and deletes them. */
export function TenantsPage() {
  const tenants = useLoad(() => listTenants(), []);
  const announce = useAnnounce();
  const [customerId, setCustomerId] = useState('');
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<Renaming>(null);
  const { error, issues, busy, change } = useChange(tenants.reload);

  function create(event: FormEvent) {
    event.preventDefault();
    const made = { customerId, name: name.trim() };
    void change(
      () => createTenant(made),
      () => {
        announce(`Tenant ${made.name} created.`);
        setCustomerId('');
        setName('');
      },
    );
  }

  function rename(tenant: Tenant, next: string) {
    void change(
      () => renameTenant(tenant.id, next.trim()),
      () => {
        announce(`Tenant ${tenant.name} renamed to ${next.trim()}.`);
        setRenaming(null);
      },
    );
  }

  return (
    <>
      <PageHeading title="Tenants">Tenants</PageHeading>
      <p>
        A tenant keeps users of its own: requests that send its customer id in the <code>Tenant-ID</code> header read
        and write its users only. Metrics, the streak rule, achievements and webhooks are shared by every tenant.
      </p>

      <CreateForm
        id="new-tenant"
        title="New tenant"
        submit="Create tenant"
        busy={busy}
        error={error}
        issues={issues}
        onSubmit={create}
      >
        <div className="field">
          <label htmlFor="tenant-customer-id">Customer ID</label>
          <input
            id="tenant-customer-id"
            required
            maxLength={255}
            value={customerId}
            onChange={(event) => setCustomerId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="tenant-name">Tenant name</label>
          <input
            id="tenant-name"
            required
            maxLength={255}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      </CreateForm>

      <ListSection
        id="tenant-list"
        title="Your tenants"
        list={tenants}
        loadingText="Loading tenants…"
        empty={<p>No tenants: every request uses the account's own users.</p>}
        columns={['Name', 'Customer ID', 'Created']}
        actions
        row={(tenant) => (
          <tr key={tenant.id}>
            <th scope="row">
              <RenamableName
                item={tenant}
                renaming={renaming}
                onRenaming={setRenaming}
                busy={busy}
                onSave={(next) => rename(tenant, next)}
              />
            </th>
            <td>
              <code>{tenant.customerId}</code>
            </td>
            <td>{formatDateTime(tenant.created)}</td>
            <td>
              <RenameButton item={tenant} renaming={renaming} onRenaming={setRenaming} />{' '}
              <ConfirmButton
                label="Delete"
                question={`Delete ${tenant.name}? Its users can no longer be reached.`}
                onConfirm={() =>
                  change(
                    () => deleteTenants([tenant.id]),
                    () => announce(`Tenant ${tenant.name} deleted.`),
                  )
                }
              />
            </td>
          </tr>
        )}
      />
    </>
  );
}
