import { lazy, Suspense } from 'react';
import { ConfigNotice } from '../features/config';
import { SessionBanner, useSession } from '../features/session';
import { Toaster } from '../shared/ui/toast/Toaster';
import { TopBar } from './TopBar';
import { Workspace } from './Workspace';
import { useAfterFirstPrices } from './useAfterFirstPrices';
import './shell.css';

/** The hotkeys, the palette and the settings: their code comes after the first prices (see useAfterFirstPrices). */
const GlobalTools = lazy(() => import('./GlobalTools').then((module) => ({ default: module.GlobalTools })));

export function App() {
  const session = useSession();
  const toolsWanted = useAfterFirstPrices();
  return (
    <div className="app">
      <TopBar session={session} />
      <div className="notices">
        <SessionBanner state={session} />
        <ConfigNotice />
      </div>
      <main className="layout">
        <Workspace />
      </main>
      <Toaster />
      {toolsWanted ? (
        <Suspense fallback={null}>
          <GlobalTools />
        </Suspense>
      ) : null}
    </div>
  );
}
