import type { Issue } from '../api/types';

/** The `issues` of a bulk answer: what the server did not do, and why. */
export function IssueList({ issues }: { issues: readonly Issue[] | undefined }) {
  if (!issues || issues.length === 0) return null;
  return (
    <div className="message message-error" role="alert">
      <p>The server reported {issues.length === 1 ? 'an issue' : `${issues.length} issues`}:</p>
      <ul>
        {issues.map((issue, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list shown once per answer, never reordered
          <li key={i}>
            {issue.severity ? <strong>{issue.severity}: </strong> : null}
            {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
