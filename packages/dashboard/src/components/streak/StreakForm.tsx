import { useMemo, useState, type FormEvent } from 'react';
import type { Metric, StreakRule } from '../../api/types';
import { draftToRule, ruleToDraft, weekdays, type StreakDraft } from '../../lib/streak-draft';
import { ConditionsFields } from './ConditionsFields';
import { FreezeFields } from './FreezeFields';
import { NumberField } from './NumberField';
import { PersonalizationFields } from './PersonalizationFields';

interface Props {
  rule: StreakRule | null;
  metrics: readonly Metric[];
  busy: boolean;
  onSave: (rule: StreakRule) => void;
}

/** Every setting of the account's streak rule, checked before it is sent. */
export function StreakForm({ rule, metrics, busy, onSave }: Props) {
  const [draft, setDraft] = useState<StreakDraft>(() => ruleToDraft(rule, metrics[0]?.key));
  const [problem, setProblem] = useState<string | null>(null);
  const timeZones = useMemo(() => listTimeZones(draft.defaultTimeZone), [draft.defaultTimeZone]);
  const change = (patch: Partial<StreakDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = draftToRule(draft);
    if ('error' in result) {
      setProblem(result.error);
      return;
    }
    setProblem(null);
    onSave(result.rule);
  }

  return (
    <form className="card form" onSubmit={submit} aria-label="Streak settings">
      <fieldset>
        <legend>Periods</legend>
        <div className="field-grid">
          <div className="field">
            <label htmlFor="streak-frequency">Frequency</label>
            <select
              id="streak-frequency"
              value={draft.frequency}
              onChange={(event) => change({ frequency: event.target.value as StreakDraft['frequency'] })}
            >
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
            </select>
          </div>
          {draft.frequency === 'weekly' ? (
            <div className="field">
              <label htmlFor="streak-week-start">Week starts on</label>
              <select
                id="streak-week-start"
                value={draft.weekStart}
                onChange={(event) => change({ weekStart: event.target.value as StreakDraft['weekStart'] })}
              >
                {weekdays.map((day) => (
                  <option key={day} value={day}>
                    {day[0]?.toUpperCase()}
                    {day.slice(1)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="field field-narrow">
            <label htmlFor="streak-day-start">Day starts at</label>
            <input
              id="streak-day-start"
              type="time"
              required
              value={draft.dayStartsAt}
              onChange={(event) => change({ dayStartsAt: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="streak-time-zone">Default time zone</label>
            <select
              id="streak-time-zone"
              value={draft.defaultTimeZone}
              onChange={(event) => change({ defaultTimeZone: event.target.value })}
            >
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="hint">The default time zone is used for users whose events carry none.</p>
      </fieldset>

      <ConditionsFields
        conditions={draft.conditions}
        mode={draft.mode}
        metrics={metrics}
        onChange={(conditions) => change({ conditions })}
        onModeChange={(mode) => change({ mode })}
      />

      <PersonalizationFields draft={draft} onChange={change} />

      <FreezeFields draft={draft} onChange={change} />

      <fieldset>
        <legend>Restore</legend>
        <NumberField
          id="streak-restore-window"
          label="Restore window (days)"
          value={draft.restoreWindow}
          onChange={(restoreWindow) => change({ restoreWindow })}
        />
        <p className="hint">
          How long after losing a streak you can still restore it for a user; 0 turns restoring off.
        </p>
      </fieldset>

      <fieldset>
        <legend>Reminders</legend>
        <div className="field">
          <label htmlFor="streak-remind-before">Remind before the end of the day</label>
          <input
            id="streak-remind-before"
            type="text"
            placeholder="4h"
            value={draft.remindBefore}
            onChange={(event) => change({ remindBefore: event.target.value })}
          />
        </div>
        <p className="hint">
          A <code>streak.reminder_due</code> webhook this long before a user’s period ends while it is not met yet, once
          per period (4h, 90m, 1h30m); empty sends none.
        </p>
      </fieldset>

      {problem ? (
        <p className="message message-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button-primary" disabled={busy}>
        Save streak settings
      </button>
    </form>
  );
}

/** Every IANA zone the browser knows, with UTC and the current value always present. */
function listTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...zones])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}
