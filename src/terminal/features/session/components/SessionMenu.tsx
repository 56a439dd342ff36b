import '../session.css';
import { useSignOut } from '../api/signOut';

/** Signing out, here or everywhere: a trader leaving a shared machine, or a link that leaked. */
export function SessionMenu() {
  const signOut = useSignOut();
  return (
    <details className="session-menu">
      <summary className="button">Session</summary>
      <div className="session-menu__list" role="group" aria-label="Session">
        <button type="button" className="button" disabled={signOut.isPending} onClick={() => signOut.mutate('this-browser')}>
          Sign out
        </button>
        <button
          type="button"
          className="button"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate('every-browser')}
          title="Ends every session of this proxy, in every browser, this one included"
        >
          Sign out everywhere
        </button>
        {signOut.isError ? (
          <p className="session-menu__error" role="alert">
            {signOut.error.message}
          </p>
        ) : null}
      </div>
    </details>
  );
}
