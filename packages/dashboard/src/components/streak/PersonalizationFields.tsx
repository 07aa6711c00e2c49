import type { StreakDraft } from '../../lib/streak-draft';
import { NumberField } from './NumberField';

type PersonalizationDraft = Pick<StreakDraft, 'personalMode' | 'personalThresholds' | 'personalMin' | 'personalMax'>;

interface Props {
  draft: PersonalizationDraft;
  onChange: (patch: Partial<PersonalizationDraft>) => void;
}

/**
 * What users may choose for themselves (their preferences in the API): all or any, and their own
 * thresholds between two bounds. The bounds are checked by the draft, not the browser, so that the
 * form says which one is wrong.
 */
export function PersonalizationFields({ draft, onChange }: Props) {
  return (
    <fieldset>
      <legend>Personalisation</legend>
      <p className="hint">
        Users set these for themselves with <code>PATCH /v1/users/:id/preferences</code>; they may always turn their
        streak off.
      </p>
      <div className="choices">
        <label>
          <input
            type="checkbox"
            checked={draft.personalMode}
            onChange={(event) => onChange({ personalMode: event.target.checked })}
          />{' '}
          Users may choose all or any
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.personalThresholds}
            onChange={(event) => onChange({ personalThresholds: event.target.checked })}
          />{' '}
          Users may choose their own thresholds
        </label>
      </div>
      {draft.personalThresholds ? (
        <div className="field-grid">
          <NumberField
            decimal
            id="personal-min"
            label="Lowest threshold"
            value={draft.personalMin}
            onChange={(personalMin) => onChange({ personalMin })}
          />
          <NumberField
            decimal
            id="personal-max"
            label="Highest threshold"
            value={draft.personalMax}
            onChange={(personalMax) => onChange({ personalMax })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
