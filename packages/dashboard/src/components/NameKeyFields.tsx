import { isValidKey, KEY_RULE } from '@kindling/core';
import type { DerivedKey } from './use-derived-key';

interface Props {
  idPrefix: string;
  /** "Metric" or "Achievement": the labels read "Metric name" and "Metric key". */
  noun: string;
  /** the name and key as `useDerivedKey` keeps them */
  fields: Pick<DerivedKey, 'name' | 'key' | 'setName' | 'setKey'>;
  /** the item exists and its key never changes: the key is shown, read-only */
  keyFixed?: boolean;
}

/** A name field and the key field that follows it (editable; checked as the server checks it). */
export function NameKeyFields({ idPrefix, noun, fields, keyFixed = false }: Props) {
  const { name, key: keyValue, setName: onName, setKey: onKey } = fields;
  const keyInvalid = keyValue !== '' && !isValidKey(keyValue);
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>{noun} name</label>
        <input id={`${idPrefix}-name`} required value={name} onChange={(event) => onName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-key`}>{noun} key</label>
        <input
          id={`${idPrefix}-key`}
          value={keyValue}
          readOnly={keyFixed}
          spellCheck={false}
          autoCapitalize="off"
          aria-describedby={`${idPrefix}-key-hint`}
          aria-invalid={keyInvalid || undefined}
          onChange={(event) => onKey(event.target.value)}
        />
        <p id={`${idPrefix}-key-hint`} className={keyInvalid ? 'hint hint-error' : 'hint'}>
          {keyFixed ? 'The key does not change.' : `Derived from the name; you may change it. ${KEY_RULE}`}
        </p>
      </div>
    </>
  );
}
