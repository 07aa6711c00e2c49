import { useState } from 'react';
import { listDeliveries, resendDelivery } from '../../api/admin';
import { ApiError } from '../../api/client';
import type { Delivery, Webhook } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import { ActionsHeader } from '../ActionsHeader';
import { ErrorMessage } from '../ErrorMessage';
import { ListStates } from '../ListStates';
import { useAnnounce } from '../status-context';
import { useLoad } from '../use-load';
import { visibleText } from '../../lib/visible-text';

/** What the last attempt of a delivery got: the endpoint's status code, or why there was none. */
function lastAnswer(delivery: Delivery): string {
  const last = delivery.lastAttempt;
  if (last === null) return 'not tried yet';
  if (last.status !== null) return last.error === null ? `${last.status}` : `${last.status} (${last.error})`;
  return last.error ?? 'no answer';
}

/**
 * An endpoint's delivery log, newest first, twenty at a time, with "send again" for each (refused
 * while an attempt of it is under way: the server's message is shown and the log read again).
 */
export function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const announce = useAnnounce();
  const [cursor, setCursor] = useState<string | null>(null);
  const page = useLoad(() => listDeliveries(webhook.id, cursor), [webhook.id, cursor]);
  const [error, setError] = useState<unknown>(null);

  async function sendAgain(delivery: Delivery) {
    setError(null);
    try {
      await resendDelivery(webhook.id, delivery.id);
      announce(`The ${delivery.type} of ${visibleText(delivery.userId)} will be sent again.`);
      page.reload();
    } catch (failure) {
      setError(failure);
      // an attempt under way (409 DELIVERY_UNDER_WAY): the log shows it, to be sent again once done
      if (failure instanceof ApiError && failure.code === 'DELIVERY_UNDER_WAY') page.reload();
    }
  }

  const headingId = `deliveries-${webhook.id}`;
  return (
    <section className="card">
      <h3 id={headingId}>
        Deliveries to <code>{webhook.url}</code>
      </h3>
      <ErrorMessage error={error} />
      <ListStates
        error={page.error}
        loading={page.loading}
        items={page.data?.deliveries}
        loadingText="Loading deliveries…"
        empty={<p>Nothing sent to this endpoint yet.</p>}
        labelledBy={headingId}
      >
        {(deliveries) => (
          <table>
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">Change</th>
                <th scope="col">User</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id + delivery.type}>
                  <td>{formatDateTime(delivery.created)}</td>
                  <td>
                    <code>{delivery.type}</code>
                  </td>
                  <td>{visibleText(delivery.userId)}</td>
                  <td>
                    {delivery.status}
                    {delivery.nextAttempt ? ` (next try ${formatDateTime(delivery.nextAttempt)})` : ''}
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{lastAnswer(delivery)}</td>
                  <td>
                    <button type="button" onClick={() => void sendAgain(delivery)}>
                      Send again
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListStates>
      <p>
        {cursor !== null ? (
          <button type="button" onClick={() => setCursor(null)}>
            Newest
          </button>
        ) : null}{' '}
        {page.data?.next ? (
          <button type="button" onClick={() => setCursor(page.data?.next ?? null)}>
            Older
          </button>
        ) : null}
      </p>
    </section>
  );
}
