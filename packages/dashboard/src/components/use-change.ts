import { useState } from 'react';
import type { Issue } from '../api/types';

export interface Changes {
  /** the last change's failure, or one found before sending (null when none) */
  error: unknown;
  /** the `issues` of the last change's answer */
  issues: Issue[];
  /** true while a change runs */
  busy: boolean;
  /**
   * Runs a change: clears the last error and issues, then shows the answer's issues (when it has any)
   * or the failure, and reloads. `done` gets the answer, and runs only when it reported no issue.
   */
  change: <A>(run: () => Promise<A>, done: (answer: A) => void) => Promise<void>;
  /** Shows a problem found before anything is sent, in place of the last error and issues. */
  fail: (error: unknown) => void;
}

/** The `issues` of an answer that has them (the bulk admin routes'); none for any other answer. */
function issuesOf(answer: unknown): Issue[] {
  if (typeof answer !== 'object' || answer === null || !('issues' in answer)) return [];
  return Array.isArray(answer.issues) ? (answer.issues as Issue[]) : [];
}

/**
 * The changes a page or form makes (create, rename, delete, revoke, turn on or off), with one error,
 * one list of issues and one busy flag for all of them. The list, if there is one, reloads after
 * every answer.
 */
export function useChange(reload?: () => void): Changes {
  const [error, setError] = useState<unknown>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [busy, setBusy] = useState(false);

  async function change<A>(run: () => Promise<A>, done: (answer: A) => void) {
    setError(null);
    setIssues([]);
    setBusy(true);
    try {
      const answer = await run();
      const found = issuesOf(answer);
      setIssues(found);
      if (found.length === 0) done(answer);
      reload?.();
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
