/** The check box beside a list's heading that adds its archived items to it. */
export function ShowArchived({
  noun,
  checked,
  onChange,
}: {
  /** what the list holds, in the plural: "metrics" */
  noun: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> Show archived{' '}
      {noun}
    </label>
  );
}
