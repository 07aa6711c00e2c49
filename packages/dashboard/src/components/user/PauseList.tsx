import { useState } from 'react';
import { removePauses } from '../../api/admin';
import type { Issue, StreakRead } from '../../api/types';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorMessage } from '../ErrorMessage';
import { IssueList } from '../IssueList';
import { useAnnounce } from '../status-context';
import { visibleText } from '../../lib/visible-text';

interface Props {
  userId: string;
  pauses: StreakRead['pauses'];
  onChanged: () => void;
}

/** The user's pauses, each removable after asking in place. */
export function PauseList({ userId, pauses, onChanged }: Props) {
  const announce = useAnnounce();
  const [error, setError] = useState<unknown>(null);
  const [issues, setIssues] = useState<Issue[]>([]);

  async function remove(pause: StreakRead['pauses'][number]) {
    setError(null);
    setIssues([]);
    try {
      const answer = await removePauses([pause.id]);
      setIssues(answer.issues);
      if (answer.deleted.length > 0)
        announce(`Pause from ${pause.start} to ${pause.end} removed for ${visibleText(userId)}.`);
      onChanged();
    } catch (failure) {
      setError(failure);
    }
  }

  if (pauses.length === 0) return null;
  return (
    <section aria-labelledby="pauses-heading">
      <h2 id="pauses-heading">Pauses</h2>
      <ul className="pauses">
        {pauses.map((pause) => {
          const dates = `${pause.start} to ${pause.end}`;
          return (
            <li key={pause.id}>
              {dates}{' '}
              <ConfirmButton label="Remove" question={`Remove the pause ${dates}?`} onConfirm={() => remove(pause)} />
            </li>
          );
        })}
      </ul>
      <ErrorMessage error={error} />
      <IssueList issues={issues} />
    </section>
  );
}
