import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient, Providers } from './app/providers';
import { configQueryOptions, MIN_POLL_MS } from './features/config';
import { futuresQueryOptions, marketsFeedOf } from './features/markets';
import './app/styles.css';

const queryClient = createQueryClient();
// The first reads go out before React's first render (taking the responses index.html preloaded),
// so the markets can show with the first frame that has them. A prefetch does not poll: the
// interval here is no one's; the markets panel polls at the configured one.
void queryClient.prefetchQuery(configQueryOptions());
void queryClient.prefetchQuery(futuresQueryOptions(marketsFeedOf(queryClient), MIN_POLL_MS));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers client={queryClient}>
      <App />
    </Providers>
  </StrictMode>,
);
