import { ConfigNotice } from '../features/config';
import { SessionBanner, useSession } from '../features/session';
import { Toaster } from '../shared/ui/toast/Toaster';
import { AccountPanel } from './AccountPanel';
import { MarketsPanel } from './MarketsPanel';
import { TicketPanel } from './TicketPanel';
import { TopBar } from './TopBar';

export function App() {
  const session = useSession();
  return (
    <div className="app">
      <TopBar session={session} />
      <div className="notices">
        <SessionBanner state={session} />
        <ConfigNotice />
      </div>
      <main className="layout">
        <MarketsPanel />
        <TicketPanel />
        <AccountPanel />
      </main>
      <Toaster />
    </div>
  );
}
