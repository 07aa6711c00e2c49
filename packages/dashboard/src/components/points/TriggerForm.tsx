import { useState, type FormEvent } from 'react';
import { pointsTriggers } from '../../api/admin';
import type {
  Achievement,
  Attribute,
  Metric,
  NewPointsTrigger,
  PointsTrigger,
  PointsTriggerType,
} from '../../api/types';
import type { FilterRow } from '../../lib/attribute-filters';
import { numberOf } from '../../lib/number-field';
import { buildPointsFilters } from '../../lib/points-filters';
import { describePointsTrigger, type TriggerNames } from '../../lib/points-trigger-line';
import { AttributeFilterFields } from '../AttributeFilterFields';
import { CreateForm } from '../CreateForm';
import { useChange } from '../use-change';
import { useFocusOnOpen } from '../use-focus-on-open';
import { MetricOptions } from '../MetricOptions';

interface Props {
  systemId: string;
  /** the trigger being edited (its points and whether it is active), or null to create one */
  editing: PointsTrigger | null;
  /** how the line of the trigger as filled in names the system's unit, metrics, achievements and attributes */
  names: TriggerNames;
  /** the active metrics and the achievements not archived a trigger may name */
  metrics: readonly Metric[];
  achievements: readonly Achievement[];
  attributes: readonly Attribute[];
  /** after a trigger was made or changed: the announcement */
  onSaved: (message: string) => void;
  onCancel: () => void;
}

const TYPES: ReadonlyArray<{ type: PointsTriggerType; label: string }> = [
  { type: 'metric', label: 'A metric grows' },
  { type: 'achievement', label: 'An achievement is completed' },
  { type: 'streak', label: 'The streak reaches a length' },
  { type: 'time', label: 'Time passes' },
  { type: 'user_creation', label: 'A user is created' },
];

/**
 * Creates a trigger of a points system (a metric's growth, an achievement completed, a streak length,
 * every so many hours or days, a user created; for some users only, a metric's counting only some events),
 * or changes the points and the status of one; what the server refuses shows below it.
 */
export function TriggerForm({ systemId, editing, names, metrics, achievements, attributes, onSaved, onCancel }: Props) {
  const [type, setType] = useState<PointsTriggerType>('metric');
  const [points, setPoints] = useState(editing ? String(editing.points) : '10');
  const [metricId, setMetricId] = useState('');
  const [threshold, setThreshold] = useState('1');
  const [achievementId, setAchievementId] = useState('');
  const [streakLength, setStreakLength] = useState('7');
  const [timeInterval, setTimeInterval] = useState('1');
  const [unit, setUnit] = useState<'hours' | 'days'>('days');
  const [active, setActive] = useState(editing ? editing.status === 'active' : true);
  const [userFilters, setUserFilters] = useState<FilterRow[]>([]);
  const [eventFilters, setEventFilters] = useState<FilterRow[]>([]);
  const { error, issues, busy, change, fail } = useChange();
  // a key may be declared for users and for events: each list's filters are of its own type
  const userAttributes = attributes.filter((a) => a.type === 'user');
  const eventAttributes = attributes.filter((a) => a.type === 'event');
  const pointsRef = useFocusOnOpen<HTMLInputElement>(editing !== null);

  function build(): NewPointsTrigger | string {
    const amount = numberOf(points);
    if (amount === null) return 'Give the points (negative takes points away).';
    const users = buildPointsFilters(userFilters, 'users', userAttributes);
    if ('error' in users) return users.error;
    const base = {
      points: amount,
      status: active ? ('active' as const) : ('inactive' as const),
      ...(users.filters.length > 0 ? { userAttributes: users.filters } : {}),
    };
    switch (type) {
      case 'metric': {
        const every = numberOf(threshold);
        if (metricId === '') return 'Choose the metric.';
        if (every === null) return 'Give the amount of the metric that earns the points.';
        const events = buildPointsFilters(eventFilters, 'events', eventAttributes);
        if ('error' in events) return events.error;
        return {
          ...base,
          type,
          metricId,
          metricThreshold: every,
          ...(events.filters.length > 0 ? { eventAttributes: events.filters } : {}),
        };
      }
      case 'achievement':
        if (achievementId === '') return 'Choose the achievement.';
        return { ...base, type, achievementId };
      case 'streak': {
        const length = numberOf(streakLength);
        if (length === null) return 'Give the streak length.';
        return { ...base, type, streakLength: length };
      }
      case 'time': {
        const every = numberOf(timeInterval);
        if (every === null) return 'Give how often the points come.';
        return { ...base, type, timeUnit: unit, timeInterval: every };
      }
      case 'user_creation':
        return { ...base, type };
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (editing) {
      const amount = numberOf(points);
      if (amount === null) {
        fail(new Error('Give the points (negative takes points away).'));
        return;
      }
      const status = active ? ('active' as const) : ('inactive' as const);
      void change(
        () => pointsTriggers.update(systemId, { id: editing.id, points: amount, status }),
        () => onSaved('Trigger saved.'),
      );
      return;
    }
    const trigger = build();
    if (typeof trigger === 'string') {
      fail(new Error(trigger));
      return;
    }
    void change(
      () => pointsTriggers.create(systemId, trigger),
      (answer) => {
        if (answer.created.length === 0) return;
        setUserFilters([]);
        setEventFilters([]);
        onSaved('Trigger created.');
      },
    );
  }

  return (
    <CreateForm
      id="points-trigger-form"
      title={editing ? 'Edit trigger' : 'New trigger'}
      submit={editing ? 'Save trigger' : 'Create trigger'}
      busy={busy}
      error={error}
      issues={issues}
      onSubmit={submit}
    >
      {editing ? (
        <p>{describePointsTrigger(editing, names)}</p>
      ) : (
        <div className="field">
          <label htmlFor="trigger-type">Earned when</label>
          <select id="trigger-type" value={type} onChange={(event) => setType(event.target.value as PointsTriggerType)}>
            {TYPES.map((option) => (
              <option key={option.type} value={option.type}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field field-narrow">
        <label htmlFor="trigger-points">Points</label>
        <input
          id="trigger-points"
          ref={pointsRef}
          type="number"
          step="1"
          aria-describedby="trigger-points-hint"
          value={points}
          onChange={(event) => setPoints(event.target.value)}
        />
        <p id="trigger-points-hint" className="hint">
          A negative number takes points away.
        </p>
      </div>
      {!editing && type === 'metric' ? (
        <div className="field-grid">
          <div className="field">
            <label htmlFor="trigger-metric">Metric</label>
            <select id="trigger-metric" value={metricId} onChange={(event) => setMetricId(event.target.value)}>
              <MetricOptions metrics={metrics} by="id" />
            </select>
          </div>
          <div className="field field-narrow">
            <label htmlFor="trigger-threshold">For every</label>
            <input
              id="trigger-threshold"
              type="number"
              min="1"
              step="1"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </div>
        </div>
      ) : null}
      {!editing && type === 'achievement' ? (
        <div className="field">
          <label htmlFor="trigger-achievement">Achievement</label>
          <select
            id="trigger-achievement"
            value={achievementId}
            onChange={(event) => setAchievementId(event.target.value)}
          >
            <option value="">Choose an achievement</option>
            {achievements.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.key})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {!editing && type === 'streak' ? (
        <div className="field field-narrow">
          <label htmlFor="trigger-streak-length">Streak length</label>
          <input
            id="trigger-streak-length"
            type="number"
            min="1"
            step="1"
            value={streakLength}
            onChange={(event) => setStreakLength(event.target.value)}
          />
        </div>
      ) : null}
      {!editing && type === 'time' ? (
        <div className="field-grid">
          <div className="field field-narrow">
            <label htmlFor="trigger-interval">Every</label>
            <input
              id="trigger-interval"
              type="number"
              min="1"
              step="1"
              value={timeInterval}
              onChange={(event) => setTimeInterval(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="trigger-unit">Unit</label>
            <select
              id="trigger-unit"
              value={unit}
              onChange={(event) => setUnit(event.target.value as 'hours' | 'days')}
            >
              <option value="hours">hours</option>
              <option value="days">days</option>
            </select>
          </div>
        </div>
      ) : null}
      {editing ? null : (
        <AttributeFilterFields
          type="user"
          idPrefix="trigger-"
          legend="Only for users with"
          attributes={userAttributes}
          rows={userFilters}
          onChange={setUserFilters}
        />
      )}
      {!editing && type === 'metric' ? (
        <AttributeFilterFields
          type="event"
          idPrefix="trigger-"
          legend="Only events with"
          attributes={eventAttributes}
          rows={eventFilters}
          onChange={setEventFilters}
        />
      ) : null}
      {editing ? null : <TriggerPreview draft={build()} names={names} />}
      <label className="inline">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /> Active
      </label>
      {editing ? (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </CreateForm>
  );
}

/** The line the trigger as filled in will read in the list, or nothing while a field is missing. */
function TriggerPreview({ draft, names }: { draft: NewPointsTrigger | string; names: TriggerNames }) {
  if (typeof draft === 'string') return null;
  return (
    <p className="hint" id="trigger-preview">
      Reads:{' '}
      {describePointsTrigger(
        {
          ...draft,
          status: draft.status ?? 'inactive',
          userAttributes: draft.userAttributes ?? [],
          eventAttributes: draft.eventAttributes ?? [],
        },
        names,
      )}
    </p>
  );
}
