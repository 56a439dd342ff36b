import { t } from '@lingui/core/macro';
import { openSettings } from '../features/settings';
import { ConnectionStatus, SessionMenu, useMay, useProxyHealth, type SessionState } from '../features/session';
import { LayoutMenu } from '../features/workspace';
import { useLocale } from '../shared/i18n/i18n';
import { useOfferedPanels } from './panels';
import { useServiceNotLive } from './useServiceLive';

export function TopBar({ session }: { session: SessionState }) {
  useLocale();
  const health = useProxyHealth(session === 'signed-in');
  const notLive = useServiceNotLive(session, health);
  // A desk's viewer or risk user is signed in but sends nothing: the bar says so, with why.
  const trading = useMay('trade');
  return (
    <header className="topbar">
      <h1 className="brand">Perp Terminal</h1>
      <ConnectionStatus health={health.data} notLive={notLive} />
      <LayoutMenu panels={useOfferedPanels()} />
      <span className={`session session--${notLive ? 'not-live' : session}`} title={notLive ?? trading.reason}>
        {session === 'signed-in'
          ? notLive
            ? t`Signed in · prices not live`
            : trading.allowed
              ? t`Trading enabled`
              : t({ message: 'Read only', context: 'top bar: signed in, but this role sends no orders' })
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
