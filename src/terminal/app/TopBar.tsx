import { t } from '@lingui/core/macro';
import { openSettings } from '../features/settings';
import { ConnectionStatus, SessionMenu, useProxyHealth, type SessionState } from '../features/session';
import { LayoutMenu } from '../features/workspace';
import { useLocale } from '../shared/i18n/i18n';
import { useOfferedPanels } from './panels';
import { useServiceNotLive } from './useServiceLive';

export function TopBar({ session }: { session: SessionState }) {
  useLocale();
  const health = useProxyHealth(session === 'signed-in');
  const notLive = useServiceNotLive(session, health);
  return (
    <header className="topbar">
      <h1 className="brand">Perp Terminal</h1>
      <ConnectionStatus health={health.data} notLive={notLive} />
      <LayoutMenu panels={useOfferedPanels()} />
      <span className={`session session--${notLive ? 'not-live' : session}`} title={notLive}>
        {session === 'signed-in'
          ? notLive
            ? t`Signed in · prices not live`
            : t`Trading enabled`
          : session === 'signed-out'
            ? t`Trading locked`
            : session === 'unreachable'
              ? t`Proxy unreachable`
              : ''}
      </span>
      <button type="button" className="button button--ghost" onClick={openSettings}>
        {t`Settings`}
      </button>
      {session === 'signed-in' ? <SessionMenu /> : null}
    </header>
  );
}
