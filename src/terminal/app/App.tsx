import { ConfigNotice } from '../features/config';
import { SessionBanner, useSession } from '../features/session';
import { Toaster } from '../shared/ui/toast/Toaster';
import { GlobalTools } from './GlobalTools';
import { TopBar } from './TopBar';
import { Workspace } from './Workspace';
import './shell.css';

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
        <Workspace />
      </main>
      <Toaster />
      <GlobalTools />
    </div>
  );
}
