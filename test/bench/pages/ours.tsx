/**
 * Contender (a): the terminal's own markets table on its own pipeline. `useFutures(250)` fetches,
 * validates with zod and infers ticks and price moves; `MarketsTable` sorts, pins and virtualizes.
 * Nothing here is a stand-in: only the surrounding panel is left out, and the table fills the page.
 */
import { StrictMode, useCallback, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/terminal/app/providers';
// English, as the terminal starts in it.
import '@/terminal/shared/i18n/i18n';
import { MarketsTable, useFutures } from '@/terminal/features/markets';
import '@/terminal/shared/theme/tokens.css';
import '@/terminal/shared/theme/base.css';
import '@/terminal/shared/ui/controls.css';
import '@/terminal/shared/ui/panel.css';
import './pages.css';
import { markUpdate, POLL_MS } from './shared';

function Markets() {
  const futures = useFutures(POLL_MS);
  const snapshot = futures.data;
  // Effects run after React committed the new rows to the DOM: one update applied.
  useEffect(() => {
    if (snapshot) markUpdate();
  }, [snapshot]);
  const select = useCallback(() => undefined, []);
  return (
    <section className="panel markets bench-fill" aria-label="Markets">
      {snapshot ? (
        <MarketsTable rows={snapshot.rows} selectedSymbol={undefined} onSelect={select} />
      ) : (
        <p className="empty">Loading markets…</p>
      )}
    </section>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <Markets />
    </Providers>
  </StrictMode>,
);
