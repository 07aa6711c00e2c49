import { useState, type FormEvent } from 'react';
import { pointsBoosts } from '../../api/admin';
import type { Attribute, BoostRounding, PointsBoost } from '../../api/types';
import type { FilterRow } from '../../lib/attribute-filters';
import { numberOf } from '../../lib/number-field';
import { buildPointsFilters, pointsFilterRows } from '../../lib/points-filters';
import { AttributeFilterFields } from '../AttributeFilterFields';
import { CreateForm } from '../CreateForm';
import { useChange } from '../use-change';
import { useFocusOnOpen } from '../use-focus-on-open';

interface Props {
  systemId: string;
  /** the boost being edited (all but whom it is for), or null to create one */
  editing: PointsBoost | null;
  attributes: readonly Attribute[];
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/** Today in UTC, YYYY-MM-DD: the day a boost's dates are told in. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Creates a boost of a points system (a multiplier from a start date to an end date or open-ended, its
 * rounding, for one user or for users with some attributes) or changes one; the server checks the
 * multiplier and the dates, and its issues show below the form.
 */
export function BoostForm({ systemId, editing, attributes, onSaved, onCancel }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [multiplier, setMultiplier] = useState(editing ? String(editing.multiplier) : '2');
  const [start, setStart] = useState(editing?.start ?? today());
  const [end, setEnd] = useState(editing?.end ?? '');
  const [rounding, setRounding] = useState<BoostRounding>(editing?.rounding ?? 'down');
  const [forOneUser, setForOneUser] = useState(false);
  const [userId, setUserId] = useState('');
  const userAttributes = attributes.filter((a) => a.type === 'user');
  const [userFilters, setUserFilters] = useState<FilterRow[]>(
    pointsFilterRows(editing?.userAttributes, userAttributes),
  );
  const { error, issues, busy, change, fail } = useChange();
  const nameRef = useFocusOnOpen<HTMLInputElement>(editing !== null);
  const oneUser = editing ? editing.userId !== null : forOneUser;

  function submit(event: FormEvent) {
    event.preventDefault();
    const factor = numberOf(multiplier);
    if (factor === null) {
      fail(new Error('Give the multiplier, e.g. 2 for double points.'));
      return;
    }
    if (start === '') {
      fail(new Error('Give the day the boost starts.'));
      return;
    }
    const users = buildPointsFilters(oneUser ? [] : userFilters, 'users', userAttributes);
    if ('error' in users) {
      fail(new Error(users.error));
      return;
    }
    const fields = { name: name.trim(), multiplier: factor, start, end: end === '' ? null : end, rounding };
    if (editing) {
      void change(
        () =>
          pointsBoosts.update(systemId, {
            id: editing.id,
            ...fields,
            ...(oneUser ? {} : { userAttributes: users.filters }),
          }),
        () => onSaved(`Boost ${fields.name} saved.`),
      );
      return;
    }
    if (oneUser && userId.trim() === '') {
      fail(new Error('Give the id of the user the boost is for.'));
      return;
    }
    void change(
      () =>
        pointsBoosts.create(systemId, {
          ...fields,
          ...(oneUser ? { userId: userId.trim() } : users.filters.length > 0 ? { userAttributes: users.filters } : {}),
        }),
      (answer) => {
        const created = answer.created[0];
        if (!created) return;
        setName('');
        setUserId('');
        setUserFilters([]);
        onSaved(`Boost ${created.name} created.`);
      },
    );
  }

  return (
    <CreateForm
      id="points-boost-form"
      title={editing ? `Edit boost ${editing.name}` : 'New boost'}
      submit={editing ? 'Save boost' : 'Create boost'}
      busy={busy}
      error={error}
      issues={issues}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor="boost-name">Boost name</label>
        <input
          id="boost-name"
          ref={nameRef}
          required
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field-grid">
        <div className="field field-narrow">
          <label htmlFor="boost-multiplier">Multiplier</label>
          <input
            id="boost-multiplier"
            type="number"
            min="0"
            step="any"
            aria-describedby="boost-multiplier-hint"
            value={multiplier}
            onChange={(event) => setMultiplier(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="boost-rounding">Rounding</label>
          <select
            id="boost-rounding"
            value={rounding}
            onChange={(event) => setRounding(event.target.value as BoostRounding)}
          >
            <option value="down">Round down</option>
            <option value="up">Round up</option>
            <option value="nearest">Round to the nearest</option>
          </select>
        </div>
      </div>
      <p id="boost-multiplier-hint" className="hint">
        Above 0 and below 100: 2 doubles the points, 0.5 halves them.
      </p>
      <div className="field-grid">
        <div className="field">
          <label htmlFor="boost-start">Starts on</label>
          <input id="boost-start" type="date" value={start} onChange={(event) => setStart(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="boost-end">Ends on (optional)</label>
          <input id="boost-end" type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
        </div>
      </div>
      <p className="hint">Dates are days in UTC; the boost holds on its end day too.</p>
      {editing ? (
        editing.userId !== null ? (
          <p>
            For the user <code>{editing.userId}</code>.
          </p>
        ) : null
      ) : (
        <fieldset className="choices">
          <legend>For</legend>
          <label>
            <input type="radio" name="boost-for" checked={!forOneUser} onChange={() => setForOneUser(false)} />
            All users, or those with some attributes
          </label>
          <label>
            <input type="radio" name="boost-for" checked={forOneUser} onChange={() => setForOneUser(true)} />
            One user
          </label>
        </fieldset>
      )}
      {!editing && forOneUser ? (
        <div className="field">
          <label htmlFor="boost-user">User id</label>
          <input
            id="boost-user"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={255}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          />
        </div>
      ) : null}
      {oneUser ? null : (
        <AttributeFilterFields
          type="user"
          idPrefix="boost-"
          legend="Only for users with"
          attributes={userAttributes}
          rows={userFilters}
          onChange={setUserFilters}
        />
      )}
      {editing ? (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </CreateForm>
  );
}
