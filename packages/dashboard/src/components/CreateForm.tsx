import type { FormEvent, ReactNode } from 'react';
import type { Issue } from '../api/types';
import { ErrorMessage } from './ErrorMessage';
import { IssueList } from './IssueList';

interface Props {
  /** the id of the form's heading, which names the form */
  id: string;
  /** the heading, e.g. "New metric" */
  title: string;
  /** the submit button's text, e.g. "Create metric" */
  submit: string;
  busy: boolean;
  error: unknown;
  issues?: readonly Issue[];
  onSubmit: (event: FormEvent) => unknown;
  /** the fields */
  children: ReactNode;
}

/**
 * The form above a page's list that creates one more item: a card with its heading, the fields and the
 * submit button (off while busy), then the error or the issues of the last try.
 */
export function CreateForm({ id, title, submit, busy, error, issues, onSubmit, children }: Props) {
  return (
    <>
      <form className="card form" onSubmit={(event) => void onSubmit(event)} aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {children}
        <button type="submit" className="button-primary" disabled={busy}>
          {submit}
        </button>
      </form>
      <ErrorMessage error={error} />
      <IssueList issues={issues} />
    </>
  );
}
