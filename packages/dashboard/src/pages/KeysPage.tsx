import { useState, type FormEvent } from 'react';
import { createKey, KEYS_PAGE, listKeys, revokeKey } from '../api/admin';
import type { ApiKey, CreatedApiKey } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateForm } from '../components/CreateForm';
import { ListSection } from '../components/ListSection';
import { NewSecret } from '../components/NewSecret';
import { PageHeading } from '../components/PageHeading';
import { useAnnounce } from '../components/status-context';
import { useChange } from '../components/use-change';
import { useLoad } from '../components/use-load';
import { formatDateTime } from '../lib/format';

/** Creates API keys (the secret shown once), lists them a page at a time with their last use, and revokes them. */
export function KeysPage() {
  const [skip, setSkip] = useState(0);
  const keys = useLoad(() => listKeys(skip), [skip]);
  const fullPage = !keys.loading && keys.data !== undefined && keys.data.length === KEYS_PAGE;
  const announce = useAnnounce();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ApiKey['kind']>('application');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { error, busy, change } = useChange(keys.reload);

  function create(event: FormEvent) {
    event.preventDefault();
    void change(
      () => createKey({ name: name.trim(), kind }),
      (key) => {
        setCreated(key);
        setName('');
        announce(`Key ${key.name} created. Copy its secret now.`);
      },
    );
  }

  function revoke(key: ApiKey) {
    return change(
      () => revokeKey(key.id),
      () => announce(`Key ${key.name} revoked.`),
    );
  }

  return (
    <>
      <PageHeading title="API keys">API keys</PageHeading>
      <p>
        Application keys (<code>kl_app_</code>) send events from your backend; admin keys (<code>kl_admin_</code>) can
        also change settings.
      </p>
      <CreateForm id="new-key" title="New key" submit="Create key" busy={busy} error={error} onSubmit={create}>
        <div className="field">
          <label htmlFor="key-name">Key name</label>
          <input id="key-name" required value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="key-kind">Kind</label>
          <select id="key-kind" value={kind} onChange={(event) => setKind(event.target.value as ApiKey['kind'])}>
            <option value="application">Application</option>
            <option value="admin">Admin</option>
          </select>
        </div>
      </CreateForm>
      {created ? (
        <NewSecret
          heading={`Key “${created.name}” created`}
          label="New key secret"
          secret={created.key}
          onDismiss={() => setCreated(null)}
        />
      ) : null}

      <ListSection
        id="key-list"
        title={skip === 0 ? 'Your keys' : `Your keys, page ${skip / KEYS_PAGE + 1}`}
        list={keys}
        loadingText="Loading keys…"
        empty={<p>No keys yet. Create one above: an application key for your backend to send events.</p>}
        columns={['Name', 'Kind', 'Starts with', 'Created', 'Last used', 'Status']}
        actions
        row={(key) => (
          <tr key={key.id}>
            <th scope="row">{key.name}</th>
            <td>{key.kind}</td>
            <td>
              <code>{key.prefix}…</code>
            </td>
            <td>{formatDateTime(key.created)}</td>
            <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
            <td>{key.revokedAt ? `revoked ${formatDateTime(key.revokedAt)}` : 'active'}</td>
            <td>
              {key.revokedAt ? null : (
                <ConfirmButton label="Revoke" question={`Revoke ${key.name}?`} onConfirm={() => revoke(key)} />
              )}
            </td>
          </tr>
        )}
      />
      {skip > 0 || fullPage ? (
        <nav aria-label="Pages of keys" className="pager">
          <button type="button" onClick={() => setSkip(Math.max(0, skip - KEYS_PAGE))} disabled={skip === 0}>
            Previous page
          </button>
          <button type="button" onClick={() => setSkip(skip + KEYS_PAGE)} disabled={!fullPage}>
            Next page
          </button>
        </nav>
      ) : null}
    </>
  );
}
