import { useState, type FormEvent } from 'react';
import { signIn } from '../api/admin';
import type { Account } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { PageHeading } from '../components/PageHeading';

/**
 * Signs in with the owner password or an admin key. The key or password goes to the server once;
 * the browser keeps only the session cookie the server sets.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: (account: Account) => void }) {
  const [password, setPassword] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ((password === '') === (key === '')) {
      setError(new Error('Fill in either the owner password or an admin key, not both.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { account } = await signIn(password !== '' ? { password } : { key: key.trim() });
      setPassword('');
      setKey('');
      onSignedIn(account);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sign-in">
      <PageHeading title="Sign in">Sign in</PageHeading>
      <p>
        Use the owner password, or an admin key (it starts with <code>kl_admin_</code>).
      </p>
      <form onSubmit={(event) => void submit(event)} className="card form">
        <div className="field">
          <label htmlFor="sign-in-password">Owner password</label>
          <input
            id="sign-in-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <p className="or" aria-hidden="true">
          or
        </p>
        <div className="field">
          <label htmlFor="sign-in-key">Admin key</label>
          <input
            id="sign-in-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(event) => setKey(event.target.value)}
          />
        </div>
        <ErrorMessage error={error} />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
