import { useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { readUser } from '../api/admin';
import type { UserDetails } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { PageHeading } from '../components/PageHeading';
import { StreakCalendar } from '../components/user/StreakCalendar';
import { PauseList } from '../components/user/PauseList';
import { UserActions } from '../components/user/UserActions';
import { UserPoints } from '../components/user/UserPoints';
import { ZoneName } from '../components/ZoneName';
import { useLoad } from '../components/use-load';
import { navigate } from '../components/use-route';
import { formatDateTime, formatNumber } from '../lib/format';
import { userHref } from '../lib/route';
import { visibleText } from '../lib/visible-text';

/** One user's streak, periods, points, recent activity and the owner's actions; a lookup of another by exact id. */
export function UserPage({ userId }: { userId: string }) {
  const [query, setQuery] = useState(userId);
  const user = useLoad(() => readUser(userId), [userId]);

  function lookUp(event: FormEvent) {
    event.preventDefault();
    if (query.trim() !== '') navigate(userHref(query.trim()));
  }

  const notFound = user.error instanceof ApiError && user.error.status === 404;
  const shownId = visibleText(userId);
  return (
    <>
      <PageHeading title={`User ${shownId}`}>User {shownId}</PageHeading>
      <p>
        <a href="#/users">All users</a>
      </p>
      <form className="card form form-inline" onSubmit={lookUp} role="search" aria-label="Find a user">
        <div className="field">
          <label htmlFor="user-id">User id</label>
          <input
            id="user-id"
            value={query}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <button type="submit" className="button-primary">
          Look up
        </button>
      </form>
      {notFound ? (
        <p className="message">No user with the id “{shownId}” has recorded anything yet.</p>
      ) : (
        <ErrorMessage error={user.error} />
      )}
      {user.loading && !user.data ? <p>Loading {shownId}…</p> : null}
      {user.data ? <UserDetailsView details={user.data} userId={userId} onChanged={user.reload} /> : null}
    </>
  );
}

function UserDetailsView({
  details,
  userId,
  onChanged,
}: {
  details: UserDetails;
  userId: string;
  onChanged: () => void;
}) {
  const { streak, recent } = details;
  return (
    <>
      <dl className="stats">
        {streak ? (
          <>
            <div>
              <dt>Current streak</dt>
              <dd>{formatNumber(streak.length, 0)}</dd>
            </div>
            <div>
              <dt>Longest</dt>
              <dd>{formatNumber(streak.longest, 0)}</dd>
            </div>
            <div>
              <dt>Freezes</dt>
              <dd className={streak.freezes === undefined ? 'stat-text' : undefined}>
                {streak.freezes === undefined
                  ? 'off'
                  : `${formatNumber(streak.freezes, 0)} of ${formatNumber(streak.maxFreezes, 0)}`}
              </dd>
            </div>
            <div>
              <dt>Started</dt>
              <dd className="stat-text">{streak.started ?? '—'}</dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd className="stat-text">{streak.expires ?? '—'}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Time zone</dt>
          <dd className="stat-text">
            {details.user.tz === null ? 'the default' : <ZoneName zone={details.user.tz} />}
          </dd>
        </div>
      </dl>
      {streak ? (
        <>
          <StreakCalendar periods={streak.streakHistory} />
          <PauseList userId={userId} pauses={streak.pauses} onChanged={onChanged} />
          <UserActions userId={userId} onChanged={onChanged} />
        </>
      ) : (
        <p className="message">
          No streak rule yet, so this user has no streak. <a href="#/streak">Set up the streak</a> to count it.
        </p>
      )}
      <UserPoints points={details.points} />
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent activity</h2>
        {recent.length === 0 ? (
          <p>No events yet.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="recent-heading">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Metric</th>
                  <th scope="col" className="num">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {recent.map((event, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: recent events have no id of their own and are replaced whole
                  <tr key={i}>
                    <td>{formatDateTime(event.date)}</td>
                    <td>{event.metric}</td>
                    <td className="num">{formatNumber(event.value, 2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
