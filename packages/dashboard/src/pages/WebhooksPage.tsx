import { useState, type FormEvent } from 'react';
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from '../api/admin';
import type { CreatedWebhook, WebhookType } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateForm } from '../components/CreateForm';
import { ListSection } from '../components/ListSection';
import { NewSecret } from '../components/NewSecret';
import { PageHeading } from '../components/PageHeading';
import { useAnnounce } from '../components/status-context';
import { useChange } from '../components/use-change';
import { useLoad } from '../components/use-load';
import { DeliveryLog } from '../components/webhooks/DeliveryLog';
import { formatDateTime } from '../lib/format';

/** The change types an endpoint may subscribe to, with what each tells. */
const TYPES: ReadonlyArray<{ type: WebhookType; label: string }> = [
  { type: 'streak.started', label: 'A streak started' },
  { type: 'streak.extended', label: 'A streak was extended' },
  { type: 'streak.lost', label: 'A streak was lost' },
  { type: 'streak.freeze_consumed', label: 'A freeze was used' },
  { type: 'streak.freeze_earned', label: 'Freezes were earned' },
  { type: 'streak.reminder_due', label: 'A reminder is due' },
  { type: 'emails.streak_reminder_due', label: 'A reminder is due (the hosted service’s name)' },
  { type: 'achievement.completed', label: 'An achievement was completed' },
  { type: 'points.changed', label: 'Points were awarded or taken (at most every 15 minutes per user and system)' },
  { type: 'points.level_changed', label: 'A points level changed' },
  { type: 'points.boost_started', label: 'A points boost started (boosts for everyone)' },
  { type: 'points.boost_finished', label: 'A points boost finished (boosts for everyone)' },
];

/** Adds webhook endpoints (their signing secret shown once), lists them, turns them on or off and deletes them. */
export function WebhooksPage() {
  const webhooks = useLoad(() => listWebhooks(), []);
  const announce = useAnnounce();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<ReadonlySet<WebhookType>>(new Set(['streak.lost', 'streak.freeze_consumed']));
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { error, busy, change, fail } = useChange(webhooks.reload);
  const [shown, setShown] = useState<string | null>(null);

  function toggleType(type: WebhookType, on: boolean) {
    const next = new Set(types);
    if (on) next.add(type);
    else next.delete(type);
    setTypes(next);
  }

  function create(event: FormEvent) {
    event.preventDefault();
    if (types.size === 0) {
      fail(new Error('Choose at least one change to send.'));
      return;
    }
    void change(
      () => createWebhook({ url: url.trim(), types: TYPES.map((t) => t.type).filter((t) => types.has(t)) }),
      (webhook) => {
        setCreated(webhook);
        setUrl('');
        announce(`Webhook to ${webhook.url} added. Copy its signing secret now.`);
      },
    );
  }

  return (
    <>
      <PageHeading title="Webhooks">Webhooks</PageHeading>
      <p>
        Kindling posts the changes you choose to your endpoints, signed with the endpoint’s secret (
        <code>X-Trophy-Signature</code> and the Standard Webhooks headers), within seconds of each change; losses,
        freezes used and reminders of users who are away go out as they happen. Failed deliveries are tried again for a
        day.
      </p>
      <CreateForm
        id="new-webhook"
        title="New endpoint"
        submit="Add endpoint"
        busy={busy}
        error={error}
        onSubmit={create}
      >
        <div className="field">
          <label htmlFor="webhook-url">Endpoint URL</label>
          <input
            id="webhook-url"
            type="url"
            required
            placeholder="https://example.com/kindling"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <fieldset className="field choices">
          <legend>Changes to send</legend>
          {TYPES.map(({ type, label }) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={types.has(type)}
                onChange={(event) => toggleType(type, event.target.checked)}
              />
              <span>
                {label} (<code>{type}</code>)
              </span>
            </label>
          ))}
        </fieldset>
      </CreateForm>
      {created ? (
        <NewSecret
          heading={`Webhook to ${created.url} added`}
          label="Signing secret"
          secret={created.secret}
          onDismiss={() => setCreated(null)}
        />
      ) : null}

      <ListSection
        id="webhook-list"
        title="Your endpoints"
        list={webhooks}
        loadingText="Loading endpoints…"
        empty={<p>No endpoints yet.</p>}
        columns={['URL', 'Changes', 'Created', 'Status']}
        actions
        row={(webhook) => (
          <tr key={webhook.id}>
            <th scope="row">
              <code>{webhook.url}</code>
            </th>
            <td>{webhook.types.join(', ')}</td>
            <td>{formatDateTime(webhook.created)}</td>
            <td>
              {webhook.enabled ? 'on' : 'off'}
              {webhook.disabledReason ? ` (${webhook.disabledReason})` : ''}
            </td>
            <td>
              <button
                type="button"
                onClick={() =>
                  void change(
                    () => updateWebhook(webhook.id, { enabled: !webhook.enabled }),
                    () => announce(`Webhook to ${webhook.url} turned ${webhook.enabled ? 'off' : 'on'}.`),
                  )
                }
              >
                {webhook.enabled ? 'Turn off' : 'Turn on'}
              </button>{' '}
              <button
                type="button"
                aria-expanded={shown === webhook.id}
                onClick={() => setShown(shown === webhook.id ? null : webhook.id)}
              >
                Deliveries
              </button>{' '}
              <ConfirmButton
                label="Delete"
                question={`Delete the webhook to ${webhook.url}?`}
                onConfirm={() =>
                  change(
                    () => deleteWebhook(webhook.id),
                    () => announce(`Webhook to ${webhook.url} deleted.`),
                  )
                }
              />
            </td>
          </tr>
        )}
      />
      {shown !== null && webhooks.data?.some((w) => w.id === shown) ? (
        <DeliveryLog webhook={webhooks.data.find((w) => w.id === shown) as NonNullable<typeof webhooks.data>[number]} />
      ) : null}
    </>
  );
}
