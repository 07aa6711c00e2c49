import { useState, type FormEvent } from 'react';
import { createAchievement } from '../api/admin';
import type { Achievement, AchievementTrigger, Attribute, Metric, NewAchievement } from '../api/types';
import { isValidKey, KEY_RULE } from '@kindling/core';
import { buildFilters, type FilterRow } from '../lib/attribute-filters';
import { AttributeFilterFields } from './AttributeFilterFields';
import { ErrorMessage } from './ErrorMessage';
import { IssueList } from './IssueList';
import { MetricOptions } from './MetricOptions';
import { NameKeyFields } from './NameKeyFields';
import { useChange } from './use-change';
import { useDerivedKey } from './use-derived-key';

interface Props {
  metrics: readonly Metric[];
  /** the achievements a composite may need (not archived) */
  achievements: readonly Achievement[];
  /** the declared custom attributes, which the filters may name */
  attributes: readonly Attribute[];
  onCreated: (achievement: Achievement, rebuilding: boolean) => void;
}

/** The most prerequisites a composite may list (the engine's limit). */
const MAX_PREREQUISITES = 50;

/**
 * Creates an achievement reached by a metric total, a streak length, a call of the API, or holding
 * other achievements (a composite), with a badge and active at once or inactive until activated;
 * only for users with some attributes, and a metric's counting only events with some (S22, S25).
 */
export function AchievementForm({ metrics, achievements, attributes, onCreated }: Props) {
  const fields = useDerivedKey();
  const [trigger, setTrigger] = useState<AchievementTrigger>('metric');
  const [metric, setMetric] = useState('');
  const [threshold, setThreshold] = useState('1');
  const [streakLength, setStreakLength] = useState('7');
  const [prerequisites, setPrerequisites] = useState<string[]>([]);
  const [badgeUrl, setBadgeUrl] = useState('');
  const [inactive, setInactive] = useState(false);
  const [userFilters, setUserFilters] = useState<FilterRow[]>([]);
  const [eventFilters, setEventFilters] = useState<FilterRow[]>([]);
  const { error, issues, busy, change, fail } = useChange();

  function build(): NewAchievement | string {
    if (fields.key !== '' && !isValidKey(fields.key)) return KEY_RULE;
    const badge = badgeUrl.trim();
    if (badge !== '' && !badge.startsWith('https://')) return 'The badge URL must start with https://.';
    const users = buildFilters(userFilters, 'users');
    if ('error' in users) return users.error;
    const base = {
      name: fields.name.trim(),
      ...(fields.key ? { key: fields.key } : {}),
      ...(badge !== '' ? { badgeUrl: badge } : {}),
      ...(inactive ? { status: 'inactive' as const } : {}),
      ...(users.filters.length > 0 ? { userAttributes: users.filters } : {}),
    };
    if (trigger === 'metric') {
      const value = Number(threshold);
      if (metric === '') return 'Choose the metric.';
      if (threshold.trim() === '' || !(value > 0)) return 'The threshold must be a number above 0.';
      const events = buildFilters(eventFilters, 'events');
      if ('error' in events) return events.error;
      return {
        ...base,
        trigger,
        metric,
        threshold: value,
        ...(events.filters.length > 0 ? { eventAttributes: events.filters } : {}),
      };
    }
    if (trigger === 'streak') {
      const length = Number(streakLength);
      if (!Number.isInteger(length) || length < 1) return 'The streak length must be a whole number, 1 or more.';
      return { ...base, trigger, streakLength: length };
    }
    if (trigger === 'achievement') {
      const known = prerequisites.filter((key) => achievements.some((a) => a.key === key));
      if (known.length === 0) return 'Choose the achievements it needs.';
      if (known.length > MAX_PREREQUISITES) return `Choose at most ${MAX_PREREQUISITES} achievements.`;
      return { ...base, trigger, prerequisites: known };
    }
    return { ...base, trigger };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const achievement = build();
    if (typeof achievement === 'string') {
      fail(new Error(achievement));
      return;
    }
    void change(
      () => createAchievement(achievement),
      (answer) => {
        const created = answer.created[0];
        if (!created) return;
        fields.reset();
        setPrerequisites([]);
        setBadgeUrl('');
        setUserFilters([]);
        setEventFilters([]);
        onCreated(created, answer.rebuild !== null);
      },
    );
  }

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="new-achievement">
      <h2 id="new-achievement">New achievement</h2>
      <NameKeyFields idPrefix="achievement" noun="Achievement" fields={fields} />
      <div className="field">
        <label htmlFor="achievement-trigger">Trigger</label>
        <select
          id="achievement-trigger"
          value={trigger}
          onChange={(event) => setTrigger(event.target.value as AchievementTrigger)}
        >
          <option value="metric">A metric total reaches a threshold</option>
          <option value="streak">The streak reaches a length</option>
          <option value="api">Completed through the API</option>
          <option value="achievement">Holding other achievements (composite)</option>
        </select>
      </div>
      {trigger === 'metric' ? (
        <div className="field-grid">
          <div className="field">
            <label htmlFor="achievement-metric">Metric</label>
            <select id="achievement-metric" value={metric} onChange={(event) => setMetric(event.target.value)}>
              <MetricOptions metrics={metrics} by="key" />
            </select>
          </div>
          <div className="field field-narrow">
            <label htmlFor="achievement-threshold">Threshold</label>
            <input
              id="achievement-threshold"
              type="number"
              min="0"
              step="any"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </div>
        </div>
      ) : null}
      {trigger === 'streak' ? (
        <div className="field field-narrow">
          <label htmlFor="achievement-streak-length">Streak length</label>
          <input
            id="achievement-streak-length"
            type="number"
            min="1"
            step="1"
            value={streakLength}
            onChange={(event) => setStreakLength(event.target.value)}
          />
        </div>
      ) : null}
      {trigger === 'achievement' ? (
        <fieldset className="choices">
          <legend>Achievements it needs</legend>
          {achievements.length === 0 ? <p className="hint">Create the achievements it needs first.</p> : null}
          {achievements.map((a) => (
            <label key={a.id}>
              <input
                type="checkbox"
                checked={prerequisites.includes(a.key)}
                onChange={(event) =>
                  setPrerequisites((list) =>
                    event.target.checked ? [...list, a.key] : list.filter((key) => key !== a.key),
                  )
                }
              />
              {a.name} (<code>{a.key}</code>)
            </label>
          ))}
          <p className="hint">Completed when a user holds every one of them, at the moment they get the last.</p>
        </fieldset>
      ) : null}
      {trigger === 'api' ? (
        <p className="hint">
          Your backend completes it with <code>POST /v1/achievements/&lt;key&gt;/complete</code>.
        </p>
      ) : null}
      <AttributeFilterFields
        type="user"
        legend="Only for users with"
        attributes={attributes.filter((a) => a.type === 'user')}
        rows={userFilters}
        onChange={setUserFilters}
      />
      {trigger === 'metric' ? (
        <AttributeFilterFields
          type="event"
          legend="Only events with"
          attributes={attributes.filter((a) => a.type === 'event')}
          rows={eventFilters}
          onChange={setEventFilters}
        />
      ) : null}
      <div className="field">
        <label htmlFor="achievement-badge">Badge URL (optional)</label>
        <input
          id="achievement-badge"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={2000}
          value={badgeUrl}
          onChange={(event) => setBadgeUrl(event.target.value)}
        />
      </div>
      <label className="inline">
        <input type="checkbox" checked={inactive} onChange={(event) => setInactive(event.target.checked)} /> Inactive
        until I activate it
      </label>
      <p className="hint">
        Activating an achievement gives it to every user who already qualifies, without notifying them.
      </p>
      <ErrorMessage error={error} />
      <IssueList issues={issues} />
      <button type="submit" className="button-primary" disabled={busy}>
        Create achievement
      </button>
    </form>
  );
}
