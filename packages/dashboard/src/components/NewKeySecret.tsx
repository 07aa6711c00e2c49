import { useRef, useState } from 'react';
import type { CreatedApiKey } from '../api/types';

/** The secret of a key just created: shown this once, read-only, with a Copy button. */
export function NewKeySecret({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(created.key);
      setCopyState('copied');
    } catch {
      inputRef.current?.select();
      setCopyState('failed');
    }
  }

  return (
    <section className="card secret" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading">Key “{created.name}” created</h2>
      <p>Copy the secret now: it is shown only this once and cannot be read again.</p>
      <div className="field">
        <label htmlFor="new-key-secret">New key secret</label>
        <div className="input-row">
          <input
            id="new-key-secret"
            ref={inputRef}
            readOnly
            value={created.key}
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
