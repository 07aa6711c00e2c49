import type { MouseEvent, ReactNode } from 'react';
import type { Account } from '../api/types';
import type { Route } from '../lib/route';

const links: ReadonlyArray<{ href: string; label: string; page: Route['page'] }> = [
  { href: '#/overview', label: 'Overview', page: 'overview' },
  { href: '#/metrics', label: 'Metrics', page: 'metrics' },
  { href: '#/streak', label: 'Streak settings', page: 'streak' },
  { href: '#/achievements', label: 'Achievements', page: 'achievements' },
  { href: '#/points', label: 'Points', page: 'points' },
  { href: '#/attributes', label: 'Attributes', page: 'attributes' },
  { href: '#/users', label: 'Users', page: 'users' },
  { href: '#/keys', label: 'API keys', page: 'keys' },
  { href: '#/webhooks', label: 'Webhooks', page: 'webhooks' },
  { href: '#/tenants', label: 'Tenants', page: 'tenants' },
];

interface Props {
  route: Route;
  account: Account | null;
  onSignOut: () => void;
  status: string;
  children: ReactNode;
}

/** The landmarks: a skip link, the header with the navigation (the pages, then the API reference at /docs), the status region and the main region. */
export function Layout({ route, account, onSignOut, status, children }: Props) {
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the click also moves focus there */}
      <a className="skip-link" href="#main" onClick={focusMain}>
        Skip to content
      </a>
      <header className="site-header">
        <div className="brand">
          Kindling
          {account ? <span className="account-name">{account.name}</span> : null}
        </div>
        {account ? (
          <>
            <nav aria-label="Main">
              <ul>
                {links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} aria-current={route.page === link.page ? 'page' : undefined}>
                      {link.label}
                    </a>
                  </li>
                ))}
                {/* the server's API reference (Swagger UI over /openapi.json), a page of its own outside the app */}
                <li>
                  <a href="/docs">API docs</a>
                </li>
              </ul>
            </nav>
            <button type="button" className="sign-out" onClick={onSignOut}>
              Sign out
            </button>
          </>
        ) : null}
      </header>
      {/* In the flow of the page, above the content: a message pushes the page down rather than covering it. */}
      <div className="status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** The skip link's target is not a route: move the focus without changing the hash. */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
