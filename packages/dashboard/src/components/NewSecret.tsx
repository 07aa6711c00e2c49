import { useId, useRef, useState } from 'react';

interface Props {
  /** what was created, as the heading says it */
  heading: string;
  /** the label of the secret's field */
  label: string;
  secret: string;
  onDismiss: () => void;
}

/** The secret of a key or webhook just created: shown this once, read-only, with a Copy button. */
export function NewSecret({ heading, label, secret, onDismiss }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopyState('copied');
    } catch {
      inputRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <section className="card secret" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>Copy the secret now: it is shown only this once and cannot be read again.</p>
      <div className="field">
        <label htmlFor={`${id}-secret`}>{label}</label>
        <div className="input-row">
          <input
            id={`${id}-secret`}
            ref={inputRef}
            readOnly
            value={secret}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      </div>
      <p role="status" aria-live="polite">
        {copyState === 'copied' ? 'Copied to the clipboard.' : null}
        {copyState === 'failed'
          ? 'This browser did not let the page copy. The secret is selected: copy it with Ctrl+C (⌘C on a Mac).'
          : null}
      </p>
      <button type="button" onClick={onDismiss}>
        I have stored it
      </button>
    </section>
  );
}
