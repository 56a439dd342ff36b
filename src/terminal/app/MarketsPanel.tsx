import { plural, t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef } from 'react';
import { usePollingIntervals } from '../features/config';
import { MarketsTable, pricesFreshness, useFutures, useFuturesRetryInterval, type FuturesSnapshot } from '../features/markets';
import { useActiveSymbol, useTicketActions } from '../features/ticket';
import { useIsPhone } from '../features/workspace';
import { isStale } from '../shared/api/freshness';
import { fixedPlain } from '../shared/format/number';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';

/**
 * A market for the chart from the first prices: the ticket's own when it has one, else the first
 * listed (BTC), so a trader opening the terminal sees a chart at once, not an empty one.
 */
function useFirstMarket(snapshot: FuturesSnapshot | undefined, selected: string | undefined, select: (symbol: string) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !snapshot) return;
    done.current = true;
    const first = snapshot.rows[0];
    if (!selected && first) select(first.symbol);
  }, [snapshot, selected, select]);
}

export function MarketsPanel() {
  useLocale();
  const { quotes } = usePollingIntervals();
  const futures = useFutures(quotes);
  const retryInMs = useFuturesRetryInterval(quotes);
  const ticket = useTicketActions();
  const selected = useActiveSymbol();
  const now = useNow();
  const snapshot = futures.data;
  const prices = pricesFreshness(futures);
  // The service's words, as sent.
  const serviceError = futures.error?.message;
  // A finger needs 44 px to hit a row.
  const rowHeight = useIsPhone() ? 44 : undefined;
  const bySymbol = snapshot?.bySymbol;
  // A click anywhere on a row (a price cell included) selects its market: nothing else.
  const select = useCallback(
    (symbol: string) => {
      const market = bySymbol?.get(symbol);
      ticket.selectMarket(symbol, market ? fixedPlain(market.mark_price, market.priceDecimals) : undefined);
    },
    [ticket, bySymbol],
  );
  useFirstMarket(snapshot, selected, select);
  return (
    <section className="panel markets" aria-labelledby="markets-title">
      {/* The dock's tab (or the phone's tab bar) names the panel: the rows get its height. */}
      <h2 id="markets-title" className="visually-hidden">
        {t`Markets`}
      </h2>
      <p className="visually-hidden">{snapshot ? plural(snapshot.rows.length, { one: '# perpetual', other: '# perpetuals' }) : ''}</p>
      {snapshot ? (
        <MarketsTable
          rows={snapshot.rows}
          selectedSymbol={selected}
          stale={isStale(prices, quotes, now)}
          rowHeight={rowHeight}
          onSelect={select}
          status={<FeedStatus name={t({ message: 'Prices', context: 'the markets feed, named in its status' })} query={prices} intervalMs={quotes} retryInMs={retryInMs} />}
        />
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
