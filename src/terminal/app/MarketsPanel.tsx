import { plural, t } from '@lingui/core/macro';
import { Suspense } from 'react';
import { usePollingIntervals } from '../features/config';
import { MARKET_PAINT_TIMING, pricesFreshness, useFutures, useFuturesRetryInterval, type FuturesSnapshot } from '../features/markets';
import { isStale } from '../shared/api/freshness';
import { fixedPlain, formatPercent } from '../shared/format/number';
import { useLocale } from '../shared/i18n/i18n';
import { lazyWithWords } from '../shared/i18n/lazyWithWords';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';

// The grid's libraries (TanStack Table and Virtual) and the ticket's store: a chunk the first
// rows need not wait for (FirstRows stands in for the moment it takes).
const MarketsGrid = lazyWithWords(() => import('./MarketsGrid').then((module) => ({ default: module.MarketsGrid })));

/** As many rows as the inline first rows (firstRows.inline.ts) paint. */
const FIRST_ROWS = 40;

/**
 * The first rows again, as the page's inline script painted them, with the terminal's own
 * formatting, for the moment between the terminal's first render and its grid's arrival. Greyed
 * as the inline rows are when the prices stop coming (the grid's chunk slow to arrive, the feed
 * down meanwhile): a picture of old prices never looks live.
 */
export function FirstRows({ snapshot, stale }: { snapshot: FuturesSnapshot; stale: boolean }) {
  return (
    <>
      <p className="visually-hidden">{t`Loading markets…`}</p>
      <table className={stale ? 'first-rows first-rows--stale' : 'first-rows'} aria-hidden="true">
        <tbody>
          {snapshot.rows.slice(0, FIRST_ROWS).map((row, index) => {
            const change = row.change24h ?? 0;
            const tone = change > 0 ? ' first-rows__num--up' : change < 0 ? ' first-rows__num--down' : '';
            // In the trader's language already (the inline rows could not know it).
            return (
              <tr key={row.symbol}>
                {/* Timed as the grid's and the inline rows' first symbol are: a market row on screen. */}
                <td className="first-rows__symbol" elementtiming={index === 0 ? MARKET_PAINT_TIMING : undefined}>
                  {row.base}
                </td>
                <td className="first-rows__num">{fixedPlain(row.mark_price, row.priceDecimals)}</td>
                <td className={`first-rows__num${tone}`}>{formatPercent(row.change24h)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

export function MarketsPanel() {
  useLocale();
  const { quotes } = usePollingIntervals();
  const futures = useFutures(quotes);
  const retryInMs = useFuturesRetryInterval(quotes);
  const now = useNow();
  const snapshot = futures.data;
  const prices = pricesFreshness(futures);
  const stale = isStale(prices, quotes, now);
  // The service's words, as sent.
  const serviceError = futures.error?.message;
  return (
    <section className="panel markets" aria-labelledby="markets-title">
      {/* The dock's tab (or the phone's tab bar) names the panel: the rows get its height. */}
      <h2 id="markets-title" className="visually-hidden">
        {t`Markets`}
      </h2>
      <p className="visually-hidden">{snapshot ? plural(snapshot.rows.length, { one: '# perpetual', other: '# perpetuals' }) : ''}</p>
      {snapshot ? (
        <Suspense fallback={<FirstRows snapshot={snapshot} stale={stale} />}>
          <MarketsGrid
            snapshot={snapshot}
            stale={stale}
            status={<FeedStatus name={t({ message: 'Prices', context: 'the markets feed, named in its status' })} query={prices} intervalMs={quotes} retryInMs={retryInMs} />}
          />
        </Suspense>
      ) : serviceError !== undefined ? (
        <p className="empty" role="alert">
          {t`Market data is unavailable: ${serviceError}`}
        </p>
      ) : (
        <p className="empty">{t`Loading markets…`}</p>
      )}
    </section>
  );
}
