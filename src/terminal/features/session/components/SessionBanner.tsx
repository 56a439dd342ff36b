import type { SessionState } from '../api/sessionQuery';

/** Says how to get in when this browser has no session, and why a link was refused. */
export function SessionBanner({ state }: { state: SessionState }) {
  const refused = new URLSearchParams(window.location.search).get('login') === 'refused';
  if (state !== 'signed-out') return null;
  return (
    <div className="notice notice--lock" role="alert">
      <div className="notice__body">
        <strong>Trading is locked in this browser.</strong>{' '}
        {refused ? 'That link was already used or is not this proxy’s. ' : ''}
        Open the terminal with the link <code>npm start</code> printed (<code>http://…/?token=…</code>). A link works
        once; restart the proxy for a new one, or set <code>TERMINAL_TOKEN</code>. Market data stays live meanwhile.
      </div>
    </div>
  );
}
