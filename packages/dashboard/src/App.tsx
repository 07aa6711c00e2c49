import { useCallback, useEffect, useState } from 'react';
import { ApiError, onUnauthorized } from './api/client';
import { readSession, signOut } from './api/admin';
import type { Account } from './api/types';
import { ErrorMessage } from './components/ErrorMessage';
import { Layout } from './components/Layout';
import { Pages } from './components/Pages';
import { StatusContext } from './components/status-context';
import { navigate, useRoute } from './components/use-route';
import { SignInPage } from './pages/SignInPage';

/** How long a status message stays on screen (screen readers have announced it by then). */
const STATUS_MS = 6000;

type Session =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'signed-in'; account: Account }
  | { state: 'error'; error: unknown };

/**
 * Asks the server once whether a session exists, then shows either the sign-in page or the
 * dashboard. Any 401 on the way ends the session in the browser and goes back to sign in.
 */
export function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const [status, setStatus] = useState('');
  const [returnTo, setReturnTo] = useState('#/overview');

  const checkSession = useCallback(() => {
    setSession({ state: 'checking' });
    readSession().then(
      ({ account }) => setSession({ state: 'signed-in', account }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) setSession({ state: 'signed-out' });
        else setSession({ state: 'error', error });
      },
    );
  }, []);

  useEffect(checkSession, [checkSession]);

  // A status message is about what was just done: it goes away rather than covering the page.
  useEffect(() => {
    if (status === '') return;
    const timer = window.setTimeout(() => setStatus(''), STATUS_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    onUnauthorized(() => {
      setStatus('Your session has ended. Sign in again.');
      setSession({ state: 'signed-out' });
    });
    return () => onUnauthorized(null);
  }, []);

  // Signed out: remember where the user was going and show the sign-in route.
  useEffect(() => {
    if (session.state === 'signed-out' && route.page !== 'sign-in') {
      setReturnTo(window.location.hash || '#/overview');
      navigate('#/sign-in');
    }
    if (session.state === 'signed-in' && route.page === 'sign-in') navigate(returnTo);
  }, [session.state, route.page, returnTo]);

  function handleSignedIn(account: Account) {
    setSession({ state: 'signed-in', account });
    setStatus(`Signed in to ${account.name}.`);
  }

  async function handleSignOut() {
    try {
      await signOut();
    } catch {
      // The cookie may already be gone; the browser forgets the session either way.
    }
    setReturnTo('#/overview');
    setSession({ state: 'signed-out' });
    setStatus('Signed out.');
  }

  const account = session.state === 'signed-in' ? session.account : null;
  return (
    <StatusContext.Provider value={setStatus}>
      <Layout route={route} account={account} onSignOut={() => void handleSignOut()} status={status}>
        {session.state === 'checking' ? <p>Checking your session…</p> : null}
        {session.state === 'error' ? (
          <>
            <h1>Kindling</h1>
            <ErrorMessage error={session.error} />
            <button type="button" onClick={checkSession}>
              Try again
            </button>
          </>
        ) : null}
        {session.state === 'signed-out' ? <SignInPage onSignedIn={handleSignedIn} /> : null}
        {account ? <Pages route={route} /> : null}
      </Layout>
    </StatusContext.Provider>
  );
}
