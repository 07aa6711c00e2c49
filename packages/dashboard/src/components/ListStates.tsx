import type { ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage';

interface Props<T> {
  error: unknown;
  loading: boolean;
  /** the loaded items; undefined before the first answer */
  items: readonly T[] | undefined;
  loadingText: string;
  /** shown when the list came back empty */
  empty: ReactNode;
  /** the id of the heading that names the list, which names the table's scroll region too */
  labelledBy: string;
  /** the table of the items */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * The states of a loaded list as every page shows them: its error, a line while it loads the first
 * time, a sentence when it is empty, else its table in a region that scrolls sideways on a phone
 * (focusable, so that the keyboard scrolls it too).
 */
export function ListStates<T>({ error, loading, items, loadingText, empty, labelledBy, children }: Props<T>) {
  return (
    <>
      <ErrorMessage error={error} />
      {loading && !items ? <p>{loadingText}</p> : null}
      {items && items.length === 0 ? empty : null}
      {items && items.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
          {children(items)}
        </div>
      ) : null}
    </>
  );
}
