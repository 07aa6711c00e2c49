import { useState } from 'react';
import { pointsTriggers } from '../../api/admin';
import type { Achievement, Attribute, Metric, PointsTrigger } from '../../api/types';
import { describePointsTrigger, type TriggerNames } from '../../lib/points-trigger-line';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import { IssueList } from '../IssueList';
import { ListSection } from '../ListSection';
import { useAnnounce } from '../status-context';
import { useChange } from '../use-change';
import { useLoad } from '../use-load';
import { TriggerForm } from './TriggerForm';

interface Props {
  systemId: string;
  /** how a trigger's line names the system's unit, metrics, achievements and attributes */
  names: TriggerNames;
  metrics: readonly Metric[];
  achievements: readonly Achievement[];
  attributes: readonly Attribute[];
}

/** A points system's triggers: the list, each by its plain-language line, then the form that creates or edits one. */
export function TriggersSection({ systemId, names, metrics, achievements, attributes }: Props) {
  const triggers = useLoad(() => pointsTriggers.list(systemId), [systemId]);
  const [editing, setEditing] = useState<PointsTrigger | null>(null);
  const announce = useAnnounce();
  const { error, issues, change } = useChange(triggers.reload);
  const line = (trigger: PointsTrigger) => describePointsTrigger(trigger, names);

  function saved(message: string) {
    announce(message);
    setEditing(null);
    triggers.reload();
  }

  function archive(trigger: PointsTrigger) {
    return change(
      () => pointsTriggers.remove(systemId, [trigger.id]),
      () => {
        if (editing?.id === trigger.id) setEditing(null);
        announce('Trigger archived.');
      },
    );
  }

  return (
    <>
      <ListSection
        id="points-trigger-list"
        title="Triggers"
        intro={
          <>
            <p className="hint">An inactive trigger awards nothing until it is activated.</p>
            <ErrorMessage error={error} />
            <IssueList issues={issues} />
          </>
        }
        list={triggers}
        loadingText="Loading triggers…"
        empty={<p>No triggers yet. Create the first one below.</p>}
        columns={['Trigger']}
        actions
        row={(trigger) => (
          <tr key={trigger.id}>
            <th scope="row" className="long-text">
              {line(trigger)}
            </th>
            <td>
              <span className="row-actions">
                <button type="button" onClick={() => setEditing(trigger)}>
                  Edit
                </button>
                <ConfirmButton
                  label="Archive"
                  question={`Archive the trigger "${line(trigger)}"?`}
                  onConfirm={() => archive(trigger)}
                />
              </span>
            </td>
          </tr>
        )}
      />
      <TriggerForm
        key={editing?.id ?? 'new'}
        systemId={systemId}
        editing={editing}
        names={names}
        metrics={metrics.filter((m) => m.status === 'active')}
        achievements={achievements.filter((a) => a.status !== 'archived')}
        attributes={attributes}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}
