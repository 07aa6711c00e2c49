import { useState } from 'react';
import type { Issue } from '../api/types';

export interface Changes {
  /** the last change's failure, or one found before sending (null when none) */
  error: unknown;
  /** the `issues` of the last change's answer */
  issues: Issue[];
  /** true while a change runs */
  busy: boolean;
  /** Runs a change: clears the last error and issues, then shows the answer's issues or the failure and reloads. */
  change: (run: () => Promise<{ issues: Issue[] }>, done: () => void) => Promise<void>;
  /** Shows a problem found before anything is sent, in place of the last error and issues. */
  fail: (error: unknown) => void;
}

/**
 * The changes a page makes to its list (create, rename, delete), with one error, one list of issues and
 * one busy flag for all of them. `done` runs only when the server reported no issue; the list reloads
 * after every answer.
 */
export function useChange(reload: () => void): Changes {
  const [error, setError] = useState<unknown>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [busy, setBusy] = useState(false);

  async function change(run: () => Promise<{ issues: Issue[] }>, done: () => void) {
    setError(null);
    setIssues([]);
    setBusy(true);
    try {
      const answer = await run();
      setIssues(answer.issues);
      if (answer.issues.length === 0) done();
      reload();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  function fail(failure: unknown) {
    setIssues([]);
    setError(failure);
  }

  return { error, issues, busy, change, fail };
}
