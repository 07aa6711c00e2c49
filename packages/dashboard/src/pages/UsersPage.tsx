import { useState } from 'react';
import { listUsers } from '../api/admin';
import type { UserRow } from '../api/types';
import { ListStates } from '../components/ListStates';
import { PageHeading } from '../components/PageHeading';
import { useDebounced } from '../components/use-debounced';
import { useLoad } from '../components/use-load';
import { formatDateTime, formatNumber } from '../lib/format';
import { formatRelative } from '../lib/relative-time';
import { userHref } from '../lib/route';
import { visibleText } from '../lib/visible-text';

/** How long the search box waits for typing to stop before it asks the server. */
const SEARCH_DELAY_MS = 300;
const PAGE_SIZE = 25;

/**
 * Every user of the account, a page at a time in id order, with their streak, latest event and
 * zone; a search by id (its start) or email (any part). The cursors of the pages seen are kept, so
 * that "Previous page" goes back the way it came.
 */
export function UsersPage() {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DELAY_MS);
  // the cursor of each page seen, the first page's null; the last one is the page shown
  const [trail, setTrail] = useState<{ search: string; cursors: Array<string | null> }>({ search, cursors: [null] });
  // a new search starts again from the first page
  const cursors = trail.search === search ? trail.cursors : [null];
  const after = cursors[cursors.length - 1] ?? null;
  const page = useLoad(() => listUsers({ after, search, limit: PAGE_SIZE }), [after, search]);
  const next = page.loading ? null : (page.data?.next ?? null);
  const shown = page.data?.users;
  const now = Date.now();

  const goNext = () => next !== null && setTrail({ search, cursors: [...cursors, next] });
  const goBack = () => setTrail({ search, cursors: cursors.slice(0, -1) });

  return (
    <>
      <PageHeading title="Users">Users</PageHeading>
      <form className="card form form-inline" role="search" aria-label="Users" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="user-search">Search users</label>
          <input
            id="user-search"
            type="search"
            value={query}
            maxLength={255}
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby="user-search-hint"
            onChange={(event) => setQuery(event.target.value)}
          />
          <p className="hint" id="user-search-hint">
            Users whose id starts with this come first, then those whose email holds it.
          </p>
        </div>
      </form>

      <section aria-labelledby="user-list">
        <h2 id="user-list">
          {search === '' ? 'All users' : `Users matching “${search}”`}
          {cursors.length > 1 ? `, page ${cursors.length}` : ''}
        </h2>
        <ListStates
          error={page.error}
          loading={page.loading}
          items={page.error ? undefined : shown}
          loadingText="Loading users…"
          empty={<EmptyPage search={search} more={next !== null} firstPage={cursors.length === 1} />}
          labelledBy="user-list"
        >
          {(users) => <UserTable users={users} now={now} />}
        </ListStates>
        {shown && shown.length > 0 && shown.length < PAGE_SIZE && next !== null ? (
          <p className="hint">The search looks at part of the list at a time: go to the next page to search on.</p>
        ) : null}
        <nav aria-label="Pages of users" className="pager">
          <button type="button" onClick={goBack} disabled={cursors.length === 1}>
            Previous page
          </button>
          <button type="button" onClick={goNext} disabled={next === null}>
            Next page
          </button>
        </nav>
      </section>
    </>
  );
}

function EmptyPage({ search, more, firstPage }: { search: string; more: boolean; firstPage: boolean }) {
  if (more) return <p>No matches in this part of the list. Go to the next page to search on.</p>;
  if (search !== '')
    return (
      <p>
        No {firstPage ? '' : 'more '}users match “{search}”.
      </p>
    );
  if (!firstPage) return <p>No more users.</p>;
  return <p>No users yet. A user appears here with the first event your backend sends for them.</p>;
}

function UserTable({ users, now }: { users: readonly UserRow[]; now: number }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">User id</th>
          <th scope="col">Email</th>
          <th scope="col" className="num">
            Current streak
          </th>
          <th scope="col" className="num">
            Longest
          </th>
          <th scope="col">Last active</th>
          <th scope="col">Time zone</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <th scope="row">
              <a href={userHref(user.id)}>{visibleText(user.id)}</a>
            </th>
            <td className="long-text">{user.email === null ? '—' : visibleText(user.email)}</td>
            <td className="num">{formatNumber(user.current, 0)}</td>
            <td className="num">{formatNumber(user.longest, 0)}</td>
            <td>
              {user.lastActive === null ? (
                'never'
              ) : (
                <>
                  <time dateTime={user.lastActive}>{formatRelative(user.lastActive, now)}</time>
                  <span className="hint"> ({formatDateTime(user.lastActive)})</span>
                </>
              )}
            </td>
            <td>{user.tz ?? 'the default'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
