import { lazy, Suspense } from 'react';
import { ConfigNotice } from '../features/config';
import { SessionBanner, useSession } from '../features/session';
import { Toaster } from '../shared/ui/toast/Toaster';
import { GlobalTools } from './GlobalTools';
import { MarketsPanel } from './MarketsPanel';
import { TopBar } from './TopBar';
import './shell.css';

// The markets are what a trader looks at first: the ticket and the account area load in parallel,
// in their own chunks, and render just after, so the first prices do not wait for them.
const TicketPanel = lazy(() => import('./TicketPanel').then((module) => ({ default: module.TicketPanel })));
const AccountPanel = lazy(() => import('./AccountPanel').then((module) => ({ default: module.AccountPanel })));

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
        <Suspense fallback={<section className="panel ticket" aria-label="Order ticket" aria-busy="true" />}>
          <TicketPanel />
        </Suspense>
        <Suspense fallback={<section className="panel account" aria-label="Account" aria-busy="true" />}>
          <AccountPanel />
        </Suspense>
      </main>
      <Toaster />
      <GlobalTools />
    </div>
  );
}
