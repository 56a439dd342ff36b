import { StrictMode } from 'react';
import { notifyManager } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
// The tokens, the reset and the shared controls come first: every later stylesheet refines them.
import './shared/theme/tokens.css';
import './shared/theme/base.css';
import './shared/ui/controls.css';
import './shared/ui/panel.css';
import './shared/firstRows/firstRows.css';
import { App } from './app/App';
import { frameScheduler } from './app/frameScheduler';
import { createQueryClient, Providers } from './app/providers';
import { configQueryOptions, MIN_POLL_MS } from './features/config';
import { futuresQueryOptions, marketsFeedOf } from './features/markets';
import { applyAppearance, applyLanguage } from './features/settings';

notifyManager.setScheduler(frameScheduler());
const queryClient = createQueryClient();
// The first reads go out before React's first render (taking the responses index.html preloaded),
// so the markets can show with the first frame that has them. A prefetch does not poll: the
// interval here is no one's; the markets panel polls at the configured one.
void queryClient.prefetchQuery(configQueryOptions());
void queryClient.prefetchQuery(futuresQueryOptions(marketsFeedOf(queryClient), MIN_POLL_MS));

// The saved theme before the first frame, so that a light page does not flash dark first; the
// language too (English is already here; another catalogue is one small chunk).
applyAppearance();
await applyLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <App />
    </Providers>
  </StrictMode>,
);
