import type { StreakDraft } from '../../lib/streak-draft';
import { NumberField } from './NumberField';

type FreezeDraft = Pick<
  StreakDraft,
  'freezesEnabled' | 'freezesInitial' | 'freezesMax' | 'earnEnabled' | 'earnEvery' | 'earnAmount'
>;

interface Props {
  draft: FreezeDraft;
  onChange: (patch: Partial<FreezeDraft>) => void;
}

/** Freezes: whether users have them, how many to start with and hold, and how they earn more. */
export function FreezeFields({ draft, onChange }: Props) {
  return (
    <fieldset>
      <legend>Freezes</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={draft.freezesEnabled}
          onChange={(event) => onChange({ freezesEnabled: event.target.checked })}
        />{' '}
        Enable freezes
      </label>
      <p className="hint">A freeze keeps a streak alive through one missed period.</p>
      {draft.freezesEnabled ? (
        <div className="field-grid">
          <NumberField
            id="freezes-initial"
            label="Freezes at the start"
            value={draft.freezesInitial}
            onChange={(v) => onChange({ freezesInitial: v })}
          />
          <NumberField
            id="freezes-max"
            label="Most freezes held"
            value={draft.freezesMax}
            onChange={(v) => onChange({ freezesMax: v })}
          />
          <label className="inline field-wide">
            <input
              type="checkbox"
              checked={draft.earnEnabled}
              onChange={(event) => onChange({ earnEnabled: event.target.checked })}
            />{' '}
            Earn freezes while the streak lasts
          </label>
          {draft.earnEnabled ? (
            <>
              <NumberField
                id="earn-every"
                label="Earn every (days)"
                min="1"
                value={draft.earnEvery}
                onChange={(v) => onChange({ earnEvery: v })}
              />
              <NumberField
                id="earn-amount"
                label="Freezes earned"
                min="1"
                value={draft.earnAmount}
                onChange={(v) => onChange({ earnAmount: v })}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
