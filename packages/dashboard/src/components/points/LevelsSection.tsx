import { useState } from 'react';
import { pointsLevels } from '../../api/admin';
import type { PointsLevel } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import { IssueList } from '../IssueList';
import { ListSection } from '../ListSection';
import { useAnnounce } from '../status-context';
import { useChange } from '../use-change';
import { useLoad } from '../use-load';
import { LevelForm } from './LevelForm';

/** A points system's levels: the list from the lowest threshold up, then the form that creates or edits one. */
export function LevelsSection({ systemId }: { systemId: string }) {
  const levels = useLoad(
    () => pointsLevels.list(systemId).then((list) => [...list].sort((a, b) => a.points - b.points)),
    [systemId],
  );
  const [editing, setEditing] = useState<PointsLevel | null>(null);
  const announce = useAnnounce();
  const { error, issues, change } = useChange(levels.reload);

  function saved(message: string) {
    announce(message);
    setEditing(null);
    levels.reload();
  }

  function remove(level: PointsLevel) {
    return change(
      () => pointsLevels.remove(systemId, [level.id]),
      () => {
        if (editing?.id === level.id) setEditing(null);
        announce(`Level ${level.name} deleted.`);
      },
    );
  }

  return (
    <>
      <ListSection
        id="points-level-list"
        title="Levels"
        intro={
          <>
            <ErrorMessage error={error} />
            <IssueList issues={issues} />
          </>
        }
        list={levels}
        loadingText="Loading levels…"
        empty={<p>No levels yet. Create the first one below.</p>}
        columns={['Name', 'Key', { title: 'Points to reach it', numeric: true }]}
        actions
        row={(level) => (
          <tr key={level.id}>
            <th scope="row">{level.name}</th>
            <td>
              <code>{level.key}</code>
            </td>
            <td className="num">{formatNumber(level.points, 0)}</td>
            <td>
              <span className="row-actions">
                <button type="button" onClick={() => setEditing(level)}>
                  Edit
                </button>
                <ConfirmButton label="Delete" question={`Delete ${level.name}?`} onConfirm={() => remove(level)} />
              </span>
            </td>
          </tr>
        )}
      />
      <LevelForm
        key={editing?.id ?? 'new'}
        systemId={systemId}
        editing={editing}
        onSaved={saved}
        onCancel={() => setEditing(null)}
      />
    </>
  );
}
