import { ConnectionStatus, SessionMenu, useProxyHealth, type SessionState } from '../features/session';
import { LayoutMenu } from '../features/workspace';
import { PANELS } from './panels';

export function TopBar({ session }: { session: SessionState }) {
  const health = useProxyHealth(session === 'signed-in');
  return (
    <header className="topbar">
      <span className="brand">Perp Terminal</span>
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
      {session === 'signed-in' ? <SessionMenu /> : null}
    </header>
  );
}
