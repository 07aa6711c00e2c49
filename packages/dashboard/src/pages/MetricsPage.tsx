import { useState, type FormEvent } from 'react';
import { archiveMetrics, createMetric, listMetrics } from '../api/admin';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateForm } from '../components/CreateForm';
import { ListSection } from '../components/ListSection';
import { NameKeyFields } from '../components/NameKeyFields';
import { PageHeading } from '../components/PageHeading';
import { ShowArchived } from '../components/ShowArchived';
import { useAnnounce } from '../components/status-context';
import { useChange } from '../components/use-change';
import { useDerivedKey } from '../components/use-derived-key';
import { useLoad } from '../components/use-load';
import { formatDateTime, formatNumber } from '../lib/format';
import { isValidKey, KEY_RULE } from '@kindling/core';

/** Creates metrics, lists them with their totals and archives them. */
export function MetricsPage() {
  const [showArchived, setShowArchived] = useState(false);
  const metrics = useLoad(() => listMetrics(showArchived), [showArchived]);
  const fields = useDerivedKey();
  const announce = useAnnounce();
  const { error, issues, busy, change, fail } = useChange(metrics.reload);

  function create(event: FormEvent) {
    event.preventDefault();
    if (fields.key !== '' && !isValidKey(fields.key)) {
      fail(new Error(KEY_RULE));
      return;
    }
    void change(
      () => createMetric({ name: fields.name.trim(), ...(fields.key ? { key: fields.key } : {}) }),
      (answer) => {
        const created = answer.created[0];
        if (created) announce(`Metric ${created.name} created with key ${created.key}.`);
        fields.reset();
      },
    );
  }

  function archive(id: string, name: string) {
    return change(
      () => archiveMetrics([id]),
      () => announce(`Metric ${name} archived.`),
    );
  }

  return (
    <>
      <PageHeading title="Metrics">Metrics</PageHeading>
      <p>
        A metric is something your users do, like lessons finished. Your backend sends its events with an application
        key.
      </p>

      <CreateForm
        id="new-metric"
        title="New metric"
        submit="Create metric"
        busy={busy}
        error={error}
        issues={issues}
        onSubmit={create}
      >
        <NameKeyFields idPrefix="metric" noun="Metric" fields={fields} />
      </CreateForm>

      <ListSection
        id="metric-list"
        title="Your metrics"
        aside={<ShowArchived noun="metrics" checked={showArchived} onChange={setShowArchived} />}
        list={metrics}
        loadingText="Loading metrics…"
        empty={<p>No metrics yet. Create the first one above.</p>}
        columns={[
          'Name',
          'Key',
          { title: 'Total', numeric: true },
          { title: 'Events', numeric: true },
          'Last event',
          'Status',
        ]}
        actions
        row={(metric) => (
          <tr key={metric.id}>
            <th scope="row">{metric.name}</th>
            <td>
              <code>{metric.key}</code>
            </td>
            <td className="num">{formatNumber(metric.total)}</td>
            <td className="num">{formatNumber(metric.events, 0)}</td>
            <td>{formatDateTime(metric.lastEventAt)}</td>
            <td>{metric.status}</td>
            <td>
              {metric.status === 'active' ? (
                <ConfirmButton
                  label="Archive"
                  question={`Archive ${metric.name}?`}
                  onConfirm={() => archive(metric.id, metric.name)}
                />
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  );
}
