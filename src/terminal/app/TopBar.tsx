import { openSettings } from '../features/settings';
import { ConnectionStatus, SessionMenu, useProxyHealth, type SessionState } from '../features/session';
import { LayoutMenu } from '../features/workspace';
import { PANELS } from './panels';

export function TopBar({ session }: { session: SessionState }) {
  const health = useProxyHealth(session === 'signed-in');
  return (
    <header className="topbar">
      <h1 className="brand">Perp Terminal</h1>
      <ConnectionStatus health={health.data} />
      <LayoutMenu panels={PANELS} />
      <span className={`session session--${session}`}>
        {session === 'signed-in'
          ? 'Trading enabled'
          : session === 'signed-out'
            ? 'Trading locked'
            : session === 'unreachable'
              ? 'Proxy unreachable'
              : ''}
      </span>
      <button type="button" className="button button--ghost" onClick={openSettings}>
        Settings
      </button>
      {session === 'signed-in' ? <SessionMenu /> : null}
    </header>
  );
}
