interface Props {
  id: string;
  label: string;
  value: string;
  /** the lowest whole number the browser accepts ("0" unless said) */
  min?: string;
  /**
   * Any number, fractions too, with no bounds in the browser (the draft checks them, so that the form
   * says which one is wrong); otherwise a whole number from `min` up.
   */
  decimal?: boolean;
  onChange: (value: string) => void;
}

/** A labelled number input of the streak form, as narrow as a number. */
export function NumberField({ id, label, value, min = '0', decimal = false, onChange }: Props) {
  return (
    <div className="field field-narrow">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode={decimal ? 'decimal' : 'numeric'}
        min={decimal ? undefined : min}
        step={decimal ? 'any' : '1'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
