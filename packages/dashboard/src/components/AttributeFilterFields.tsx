import type { Attribute, AttributeType } from '../api/types';
import { type FilterRow, MAX_FILTER_VALUE, MAX_FILTERS } from '../lib/attribute-filters';

interface Props {
  type: AttributeType;
  legend: string;
  /** the declared attributes of `type` */
  attributes: readonly Attribute[];
  rows: FilterRow[];
  onChange: (rows: FilterRow[]) => void;
  /** before the fields' ids, when two forms of a page both have filters of this type */
  idPrefix?: string;
}

const labels: Record<AttributeType, string> = { user: 'User', event: 'Event' };

/**
 * An achievement's (or a points trigger's or boost's) filters of one type: per row a declared attribute and the value it must hold,
 * rows added and removed; a link to the Attributes page while none of the type is declared.
 */
export function AttributeFilterFields({ type, legend, attributes, rows, onChange, idPrefix = '' }: Props) {
  const noun = type;
  const idOf = (field: 'key' | 'value', n: number) => `${idPrefix}${noun}-filter-${field}-${n}`;
  function update(index: number, patch: Partial<FilterRow>) {
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  }

  return (
    <fieldset>
      <legend>{legend}</legend>
      {attributes.length === 0 ? (
        <p className="hint">
          No {noun} attributes declared yet. <a href="#/attributes">Declare one on the Attributes page</a> to filter by
          it.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ol className="conditions">
          {rows.map((row, i) => {
            const n = i + 1;
            const known = attributes.some((attribute) => attribute.key === row.key);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (its fields' ids are numbered the same way)
              <li key={i} className="condition-row">
                <div className="field">
                  <label htmlFor={idOf('key', n)}>
                    {labels[type]} attribute {n}
                  </label>
                  <select
                    id={idOf('key', n)}
                    value={row.key}
                    onChange={(event) => update(i, { key: event.target.value })}
                  >
                    <option value="">Choose an attribute</option>
                    {!known && row.key !== '' ? <option value={row.key}>{row.key} (not declared)</option> : null}
                    {attributes.map((attribute) => (
                      <option key={attribute.id} value={attribute.key}>
                        {attribute.name} ({attribute.key})
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={idOf('value', n)}>
                    Value of {noun} attribute {n}
                  </label>
                  <input
                    id={idOf('value', n)}
                    maxLength={MAX_FILTER_VALUE}
                    value={row.value}
                    onChange={(event) => update(i, { value: event.target.value })}
                  />
                </div>
                <button type="button" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  Remove {noun} filter {n}
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {attributes.length > 0 ? (
        <button
          type="button"
          disabled={rows.length >= MAX_FILTERS}
          onClick={() => onChange([...rows, { key: '', value: '' }])}
        >
          Add {noun} filter
        </button>
      ) : null}
    </fieldset>
  );
}
