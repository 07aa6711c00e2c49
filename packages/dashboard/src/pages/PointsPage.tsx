import { useState, type FormEvent } from 'react';
import { archivePointsSystems, createPointsSystem, listPointsSystems } from '../api/admin';
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
import { formatNumber } from '../lib/format';
import { numberOf } from '../lib/number-field';
import { pointsSystemHref } from '../lib/route';
import { isValidKey, KEY_RULE } from '@kindling/core';

/** Creates points systems, lists them (each a link to its triggers, levels and boosts) and archives them. */
export function PointsPage() {
  const [showArchived, setShowArchived] = useState(false);
  const systems = useLoad(() => listPointsSystems(showArchived), [showArchived]);
  const fields = useDerivedKey();
  const [maxPoints, setMaxPoints] = useState('');
  const announce = useAnnounce();
  const { error, issues, busy, change, fail } = useChange(systems.reload);

  function create(event: FormEvent) {
    event.preventDefault();
    // a key is required here (the server derives none): the one derived from the name, unless edited
    if (!isValidKey(fields.key)) {
      fail(new Error(KEY_RULE));
      return;
    }
    const bound = numberOf(maxPoints);
    if (bound === null && maxPoints.trim() !== '') {
      fail(new Error('The most points must be a number, or empty for no bound.'));
      return;
    }
    void change(
      () =>
        createPointsSystem({
          name: fields.name.trim(),
          key: fields.key,
          ...(bound !== null ? { maxPoints: bound } : {}),
        }),
      (answer) => {
        const created = answer.created[0];
        if (created) announce(`Points system ${created.name} created with key ${created.key}.`);
        fields.reset();
        setMaxPoints('');
      },
    );
  }

  function archive(id: string, name: string) {
    return change(
      () => archivePointsSystems([id]),
      () => announce(`Points system ${name} archived.`),
    );
  }

  return (
    <>
      <PageHeading title="Points">Points</PageHeading>
      <p>
        A points system is a kind of points your users earn, like XP or energy: its triggers award them, its levels name
        the thresholds, its boosts multiply them for a while.
      </p>

      <CreateForm
        id="new-points-system"
        title="New points system"
        submit="Create points system"
        busy={busy}
        error={error}
        issues={issues}
        onSubmit={create}
      >
        <NameKeyFields idPrefix="points-system" noun="System" fields={fields} />
        <div className="field field-narrow">
          <label htmlFor="points-system-max">Most points a user may hold (optional)</label>
          <input
            id="points-system-max"
            type="number"
            min="1"
            step="1"
            value={maxPoints}
            onChange={(event) => setMaxPoints(event.target.value)}
          />
        </div>
      </CreateForm>

      <ListSection
        id="points-system-list"
        title="Your points systems"
        aside={<ShowArchived noun="systems" checked={showArchived} onChange={setShowArchived} />}
        list={systems}
        loadingText="Loading points systems…"
        empty={<p>No points systems yet. Create the first one above.</p>}
        columns={['Name', 'Key', 'Status', { title: 'Most points', numeric: true }]}
        actions
        row={(system) => (
          <tr key={system.id}>
            <th scope="row">
              <a href={pointsSystemHref(system.id)}>{system.name}</a>
            </th>
            <td>
              <code>{system.key}</code>
            </td>
            <td>{system.status}</td>
            <td className="num">{system.maxPoints === null ? 'no bound' : formatNumber(system.maxPoints, 0)}</td>
            <td>
              {system.status === 'active' ? (
                <ConfirmButton
                  label="Archive"
                  question={`Archive ${system.name}?`}
                  onConfirm={() => archive(system.id, system.name)}
                />
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  );
}
