import type { FormEvent } from 'react';

interface Props {
  /** the renamed item's id: the field's id is `rename-<id>` */
  id: string;
  /** its name now, which names the field: "New name of <name>" */
  name: string;
  /** the new name as typed */
  value: string;
  busy: boolean;
  onChange: (value: string) => void;
  onSave: (value: string) => void;
  onCancel: () => void;
}

/** A table row's name, renamed in place: the new name with "Save" and "Cancel". */
export function RenameForm({ id, name, value, busy, onChange, onSave, onCancel }: Props) {
  function save(event: FormEvent) {
    event.preventDefault();
    onSave(value);
  }

  return (
    <form className="inline" onSubmit={save}>
      <label className="visually-hidden" htmlFor={`rename-${id}`}>
        New name of {name}
      </label>
      <input
        id={`rename-${id}`}
        required
        maxLength={255}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />{' '}
      <button type="submit" disabled={busy}>
        Save
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
