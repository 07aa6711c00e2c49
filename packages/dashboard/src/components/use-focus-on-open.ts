import { useEffect, useRef } from 'react';

/**
 * A ref for a form's first field that takes the focus (and scrolls into view) when the form opens
 * with `open` true, e.g. to edit the row whose "Edit" button was pressed further down the page.
 */
export function useFocusOnOpen<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form opens (it is keyed by what it edits)
  useEffect(() => {
    if (open) ref.current?.focus();
  }, []);
  return ref;
}
