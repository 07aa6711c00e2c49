import { describeError } from '../api/client';

/** An error from the server (its message and code), announced as an alert. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p className="message message-error" role="alert">
      {describeError(error)}
    </p>
  );
}
