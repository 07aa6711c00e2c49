import type { ReactNode } from 'react';
import { ActionsHeader } from './ActionsHeader';
import { ListStates } from './ListStates';
import type { Loaded } from './use-load';

/** A column's title; a numeric column's cells are right-aligned. */
export type Column = string | { readonly title: string; readonly numeric: true };

interface Props<T> {
  /** the id of the section's heading, which names the section and its table */
  id: string;
  title: ReactNode;
  /** beside the heading: a control that changes what is listed */
  aside?: ReactNode;
  /** between the heading and the list: hints, the last change's outcome */
  intro?: ReactNode;
  list: Loaded<readonly T[]>;
  loadingText: string;
  /** shown when the list came back empty */
  empty: ReactNode;
  columns: readonly Column[];
  /** the table has a last column of buttons, one cell per row */
  actions?: boolean;
  /** one `<tr>` of the table, keyed */
  row: (item: T) => ReactNode;
}

/**
 * A page's list of items as every settings page shows it: a section named by its heading, then the
 * list's states (ListStates) and its table, one row per item.
 */
export function ListSection<T>({
  id,
  title,
  aside,
  intro,
  list,
  loadingText,
  empty,
  columns,
  actions = false,
  row,
}: Props<T>) {
  const heading = <h2 id={id}>{title}</h2>;
  return (
    <section aria-labelledby={id}>
      {aside === undefined ? (
        heading
      ) : (
        <div className="section-head">
          {heading}
          {aside}
        </div>
      )}
      {intro}
      <ListStates
        error={list.error}
        loading={list.loading}
        items={list.data}
        loadingText={loadingText}
        empty={empty}
        labelledBy={id}
      >
        {(items) => (
          <table>
            <thead>
              <tr>
                {columns.map((column) =>
                  typeof column === 'string' ? (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ) : (
                    <th key={column.title} scope="col" className="num">
                      {column.title}
                    </th>
                  ),
                )}
                {actions ? <ActionsHeader /> : null}
              </tr>
            </thead>
            <tbody>{items.map(row)}</tbody>
          </table>
        )}
      </ListStates>
    </section>
  );
}
