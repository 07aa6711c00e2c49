import type { FormEvent } from 'react';

/** The row being renamed, with the new name as typed; null when none is. */
export type Renaming = { id: string; name: string } | null;

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

interface Named {
  id: string;
  name: string;
}

interface RenamableProps {
  item: Named;
  renaming: Renaming;
  onRenaming: (renaming: Renaming) => void;
}

/** A row's name, or the form renaming it while it is being renamed. */
export function RenamableName({
  item,
  renaming,
  onRenaming,
  busy,
  onSave,
}: RenamableProps & { busy: boolean; onSave: (value: string) => void }) {
  if (renaming?.id !== item.id) return <>{item.name}</>;
  return (
    <RenameForm
      id={item.id}
      name={item.name}
      value={renaming.name}
      busy={busy}
      onChange={(name) => onRenaming({ id: item.id, name })}
      onSave={onSave}
      onCancel={() => onRenaming(null)}
    />
  );
}

/** The row's "Rename" button, hidden while it is being renamed. */
export function RenameButton({ item, renaming, onRenaming }: RenamableProps) {
  if (renaming?.id === item.id) return null;
  return (
    <button type="button" onClick={() => onRenaming({ id: item.id, name: item.name })}>
      Rename
    </button>
  );
}
