import { ConfigNotice } from '../features/config';
import { SessionBanner, useSession } from '../features/session';
import { AccountPanel } from './AccountPanel';
import { MarketsPanel } from './MarketsPanel';
import { TicketPanel } from './TicketPanel';

export function App() {
  const session = useSession();
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Perp Terminal</span>
        <span className={`session session--${session}`}>
          {session === 'signed-in' ? 'Trading enabled' : session === 'signed-out' ? 'Trading locked' : session === 'unreachable' ? 'Proxy unreachable' : ''}
        </span>
      </header>
      <div className="notices">
        <SessionBanner state={session} />
        <ConfigNotice />
      </div>
      <main className="layout">
        <MarketsPanel />
        <TicketPanel />
        <AccountPanel />
      </main>
    </div>
  );
}
