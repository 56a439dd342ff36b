import { Suspense, useCallback, useState } from 'react';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import { ConfigNotice } from '../features/config';
import { SessionBanner, useSession } from '../features/session';
import { settingsPreferences } from '../features/settings';
import { workspacePreferences } from '../features/workspace';
import { usePreferenceSync } from '../shared/persist/usePreferenceSync';
import { Toaster } from '../shared/ui/toast/Toaster';
import { TopBar } from './TopBar';
import { Workspace } from './Workspace';
import { useAfterFirstPrices } from './useAfterFirstPrices';
import { PressAgain, useEarlyKey } from './useEarlyKey';
import './shell.css';

/** The hotkeys, the palette and the settings: their code comes after the first prices (see useAfterFirstPrices). */
const GlobalTools = lazyWithWords(() => import('./GlobalTools').then((module) => ({ default: module.GlobalTools })));

/** What follows a desk user to any browser; single-token mode keeps it in this browser only. */
const PREFERENCE_SOURCES = [settingsPreferences, workspacePreferences];

export function App() {
  const session = useSession();
  usePreferenceSync(session === 'signed-in', PREFERENCE_SOURCES);
  const afterFirstPrices = useAfterFirstPrices();
  // The tools come after the first prices, or at once when a key is pressed before then.
  const [toolsListening, setToolsListening] = useState(false);
  const onToolsListening = useCallback(() => setToolsListening(true), []);
  const early = useEarlyKey(toolsListening);
  const toolsWanted = afterFirstPrices || early !== undefined;
  return (
    <div className="app">
      <TopBar session={session} />
      <div className="notices">
        <SessionBanner state={session} />
        <ConfigNotice />
      </div>
      <main className="layout">
        <Workspace afterFirstPrices={afterFirstPrices} />
      </main>
      <Toaster />
      {toolsWanted ? (
        <Suspense fallback={null}>
          <GlobalTools />
          <PressAgain early={early} onListening={onToolsListening} />
        </Suspense>
      ) : null}
    </div>
  );
}
