import { plural, t } from '@lingui/core/macro';
import { useCallback } from 'react';
import { useConfig, usePollingIntervals } from '../features/config';
import { MarketsTable, useFutures, useFuturesRetryInterval } from '../features/markets';
import { useActiveSymbol, useTicketActions } from '../features/ticket';
import { useIsPhone } from '../features/workspace';
import { isStale } from '../shared/api/freshness';
import { fixedPlain } from '../shared/format/number';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';
import { FeedStatus } from './FeedStatus';

export function MarketsPanel() {
  useLocale();
  const { quotes } = usePollingIntervals();
  const { durations } = useConfig();
  const futures = useFutures(quotes);
  const retryInMs = useFuturesRetryInterval(quotes);
  const ticket = useTicketActions();
  const selected = useActiveSymbol();
  const now = useNow();
  const snapshot = futures.data;
  // The service's words, as sent.
  const serviceError = futures.error?.message;
  // A finger needs 44 px to hit a row.
  const rowHeight = useIsPhone() ? 44 : undefined;
  const pickPrice = useCallback(
    (symbol: string, price: string) => ticket.pickPrice(symbol, price, durations),
    [ticket, durations],
  );
  return (
    <section className="panel markets" aria-labelledby="markets-title">
      <header className="panel__head">
        <h2 id="markets-title">{t`Markets`}</h2>
        <span className="muted">{snapshot ? plural(snapshot.rows.length, { one: '# perpetual', other: '# perpetuals' }) : ''}</span>
        <FeedStatus name={t({ message: 'Prices', context: 'the markets feed, named in its status' })} query={futures} intervalMs={quotes} retryInMs={retryInMs} />
      </header>
      {snapshot ? (
        <MarketsTable
          rows={snapshot.rows}
          selectedSymbol={selected}
          stale={isStale(futures, quotes, now)}
          rowHeight={rowHeight}
          onPickPrice={pickPrice}
          onSelect={(symbol) => {
            const market = snapshot.bySymbol.get(symbol);
            ticket.selectMarket(symbol, market ? fixedPlain(market.mark_price, market.priceDecimals) : undefined);
          }}
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
