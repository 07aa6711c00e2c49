import { useEffect, useRef, useState } from 'react';

interface Props {
  /** The button's name, e.g. "Archive". */
  label: string;
  /** The question asked before acting, e.g. "Archive Lessons?". */
  question: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}

/**
 * A button that asks in place before acting: it turns into the question with "Yes, <label>" and
 * "Cancel", and moves the focus to the confirming button and back.
 */
export function ConfirmButton({ label, question, onConfirm, disabled }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) startRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  if (!asking) {
    return (
      <button
        type="button"
        ref={startRef}
        className="button-danger"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button type="button" ref={confirmRef} className="button-danger" disabled={busy} onClick={() => void confirm()}>
        Yes, {label.toLowerCase()}
      </button>
      <button type="button" disabled={busy} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
