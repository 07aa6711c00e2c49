import { useState, type FormEvent, type ReactNode } from 'react';
import { addPause, grantFreezes, restoreStreak } from '../../api/admin';
import type { Issue } from '../../api/types';
import { ErrorMessage } from '../ErrorMessage';
import { IssueList } from '../IssueList';
import { useAnnounce } from '../status-context';
import { visibleText } from '../../lib/visible-text';

type Outcome = { done: string; issues: Issue[] } | { error: unknown } | null;

/** What the owner can do for one user: grant freezes, add a pause, restore a lost streak. */
export function UserActions({ userId, onChanged }: { userId: string; onChanged: () => void }) {
  const announce = useAnnounce();
  const [freezes, setFreezes] = useState('1');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function run<T extends { issues?: Issue[] }>(
    action: () => Promise<T>,
    describe: string | ((answer: T) => string),
  ) {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await action();
      const done = typeof describe === 'string' ? describe : describe(answer);
      const issues = answer.issues ?? [];
      const message = issues.length === 0 ? done : `${done.replace(/\.$/, '')}, with issues.`;
      setOutcome({ done: message, issues });
      announce(message);
      onChanged();
    } catch (error) {
      setOutcome({ error });
    } finally {
      setBusy(false);
    }
  }

  function grant(event: FormEvent) {
    event.preventDefault();
    const count = Number(freezes);
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      setOutcome({ error: new Error('Freezes to grant must be a whole number from 1 to 100.') });
      return;
    }
    void run(
      () => grantFreezes(userId, count),
      `Granted ${count} freeze${count === 1 ? '' : 's'} to ${visibleText(userId)}.`,
    );
  }

  function pause(event: FormEvent) {
    event.preventDefault();
    if (start === '' || end === '' || end < start) {
      setOutcome({ error: new Error('Choose a pause start and an end on or after it.') });
      return;
    }
    void run(() => addPause({ userId, start, end }), `Pause from ${start} to ${end} added for ${visibleText(userId)}.`);
  }

  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      <div className="actions">
        <ActionForm title="Freezes" onSubmit={grant}>
          <label htmlFor="grant-count">Freezes to grant</label>
          <input
            id="grant-count"
            type="number"
            min="1"
            max="100"
            step="1"
            value={freezes}
            onChange={(e) => setFreezes(e.target.value)}
          />
          <button type="submit" disabled={busy}>
            Grant freeze
          </button>
        </ActionForm>
        <ActionForm title="Pause" onSubmit={pause}>
          <label htmlFor="pause-start">Pause start</label>
          <input id="pause-start" type="date" value={start} onChange={(e) => setStart(e.target.value)} />
          <label htmlFor="pause-end">Pause end</label>
          <input id="pause-end" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
          <button type="submit" disabled={busy}>
            Add pause
          </button>
        </ActionForm>
        <ActionForm
          title="Restore"
          onSubmit={(event) => {
            event.preventDefault();
            void run(
              () => restoreStreak(userId),
              (answer) =>
                answer.restoredUsers.length > 0
                  ? `Restored the streak of ${visibleText(userId)}.`
                  : `Nothing was restored for ${visibleText(userId)}.`,
            );
          }}
        >
          <p className="hint">Gives back a streak lost within the restore window.</p>
          <button type="submit" disabled={busy}>
            Restore streak
          </button>
        </ActionForm>
      </div>
      <div aria-live="polite">
        {outcome && 'done' in outcome ? <p className="message message-ok">{outcome.done}</p> : null}
        {outcome && 'done' in outcome ? <IssueList issues={outcome.issues} /> : null}
        {outcome && 'error' in outcome ? <ErrorMessage error={outcome.error} /> : null}
      </div>
    </section>
  );
}

function ActionForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="card form action" onSubmit={onSubmit} aria-label={title}>
      <h3>{title}</h3>
      {children}
    </form>
  );
}
