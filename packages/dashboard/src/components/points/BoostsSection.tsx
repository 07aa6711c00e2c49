import { useState } from 'react';
import { pointsBoosts } from '../../api/admin';
import type { Attribute, PointsBoost } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { describePointsFilters } from '../../lib/points-filters';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import { IssueList } from '../IssueList';
import { ListSection } from '../ListSection';
import { useAnnounce } from '../status-context';
import { useChange } from '../use-change';
import { useLoad } from '../use-load';
import { BoostForm } from './BoostForm';

const roundings: Record<PointsBoost['rounding'], string> = { down: 'down', up: 'up', nearest: 'to the nearest' };

/** A points system's boosts: the list, with whom each is for and its status, then the form that creates or edits one. */
export function BoostsSection({ systemId, attributes }: { systemId: string; attributes: readonly Attribute[] }) {
  const boosts = useLoad(() => pointsBoosts.list(systemId), [systemId]);
  const [editing, setEditing] = useState<PointsBoost | null>(null);
  const announce = useAnnounce();
  const { error, issues, change } = useChange(boosts.reload);

  function saved(message: string) {
    announce(message);
    setEditing(null);
    boosts.reload();
  }

  function remove(boost: PointsBoost) {
    return change(
      () => pointsBoosts.remove(systemId, [boost.id]),
      () => {
        if (editing?.id === boost.id) setEditing(null);
        announce(`Boost ${boost.name} deleted.`);
      },
    );
  }

  return (
    <>
      <ListSection
        id="points-boost-list"
        title="Boosts"
        intro={
          <>
            <ErrorMessage error={error} />
            <IssueList issues={issues} />
          </>
        }
        list={boosts}
        loadingText="Loading boosts…"
        empty={<p>No boosts yet. Create the first one below.</p>}
        columns={['Name', { title: 'Multiplier', numeric: true }, 'From', 'Until', 'Rounding', 'For', 'Status']}
        actions
        row={(boost) => (
          <tr key={boost.id}>
            <th scope="row">{boost.name}</th>
            <td className="num">×{formatNumber(boost.multiplier, 2)}</td>
            <td>{boost.start}</td>
            <td>{boost.end ?? 'open-ended'}</td>
            <td>{roundings[boost.rounding]}</td>
            <td className="long-text">
              {boost.userId !== null ? (
                <>
                  user <code>{boost.userId}</code>
                </>
              ) : (
                describePointsFilters(boost.userAttributes, attributes) || 'all users'
              )}
            </td>
            <td>{boost.status}</td>
            <td>
              <span className="row-actions">
                <button type="button" onClick={() => setEditing(boost)}>
                  Edit
                </button>
                <ConfirmButton label="Delete" question={`Delete ${boost.name}?`} onConfirm={() => remove(boost)} />
              </span>
            </td>
          </tr>
        )}
      />
      <BoostForm
        key={editing?.id ?? 'new'}
        systemId={systemId}
        editing={editing}
        attributes={attributes}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}
