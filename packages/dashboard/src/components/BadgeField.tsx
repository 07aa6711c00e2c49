import { useState, type FormEvent } from 'react';
import type { Achievement } from '../api/types';

interface Props {
  achievement: Achievement;
  /** saves the new badge URL (null: none) */
  onSave: (badgeUrl: string | null) => Promise<void>;
}

/** An achievement's badge URL, changed in place: an https URL, or empty for none. */
export function BadgeField({ achievement, onSave }: Props) {
  const [value, setValue] = useState(achievement.badgeUrl ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = `badge-${achievement.id}`;
  const changed = value.trim() !== (achievement.badgeUrl ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const url = value.trim();
    if (url !== '' && !url.startsWith('https://')) {
      setProblem('The badge URL must start with https://.');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSave(url === '' ? null : url);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form-inline badge-field" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor={id}>
        Badge URL of {achievement.name}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={2000}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {changed ? (
        <button type="submit" disabled={busy}>
          Save badge
        </button>
      ) : null}
      {problem !== null ? (
        <p className="hint hint-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
