import { useState, type FormEvent } from 'react';
import { pointsLevels } from '../../api/admin';
import type { PointsLevel } from '../../api/types';
import { numberOf } from '../../lib/number-field';
import { CreateForm } from '../CreateForm';
import { NameKeyFields } from '../NameKeyFields';
import { useChange } from '../use-change';
import { useDerivedKey } from '../use-derived-key';
import { useFocusOnOpen } from '../use-focus-on-open';
import { isValidKey, KEY_RULE } from '@kindling/core';

interface Props {
  systemId: string;
  /** the level being edited (its name and threshold; never its key), or null to create one */
  editing: PointsLevel | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/** Creates a level of a points system (a name, a key, the points that reach it) or changes one's name and threshold. */
export function LevelForm({ systemId, editing, onSaved, onCancel }: Props) {
  const fields = useDerivedKey();
  const [name, setName] = useState(editing?.name ?? '');
  const [points, setPoints] = useState(editing ? String(editing.points) : '');
  const { error, issues, busy, change, fail } = useChange();
  const pointsRef = useFocusOnOpen<HTMLInputElement>(editing !== null);
  // while editing, the name is the level's and the key is shown as it is
  const nameFields = editing ? { name, key: editing.key, setName, setKey: () => undefined } : fields;

  function submit(event: FormEvent) {
    event.preventDefault();
    const threshold = numberOf(points);
    if (threshold === null) {
      fail(new Error('Give the points that reach the level.'));
      return;
    }
    if (editing) {
      void change(
        () => pointsLevels.update(systemId, { id: editing.id, name: name.trim(), points: threshold }),
        () => onSaved(`Level ${name.trim()} saved.`),
      );
      return;
    }
    if (!isValidKey(fields.key)) {
      fail(new Error(KEY_RULE));
      return;
    }
    void change(
      () => pointsLevels.create(systemId, { name: fields.name.trim(), key: fields.key, points: threshold }),
      (answer) => {
        const created = answer.created[0];
        if (!created) return;
        fields.reset();
        setPoints('');
        onSaved(`Level ${created.name} created.`);
      },
    );
  }

  return (
    <CreateForm
      id="points-level-form"
      title={editing ? `Edit level ${editing.name}` : 'New level'}
      submit={editing ? 'Save level' : 'Create level'}
      busy={busy}
      error={error}
      issues={issues}
      onSubmit={submit}
    >
      <NameKeyFields idPrefix="level" noun="Level" fields={nameFields} keyFixed={editing !== null} />
      <div className="field field-narrow">
        <label htmlFor="level-points">Points to reach it</label>
        <input
          id="level-points"
          ref={pointsRef}
          type="number"
          min="0"
          step="1"
          value={points}
          onChange={(event) => setPoints(event.target.value)}
        />
      </div>
      {editing ? (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </CreateForm>
  );
}
