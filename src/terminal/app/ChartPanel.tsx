import { t } from '@lingui/core/macro';
import { useCallback, useMemo } from 'react';
import type { HeldOrder, JournalOrder, Side } from '@/interface';
import { draftLines, orderLines, PriceChart, type MarketTick } from '../features/chart';
import { useConfig, usePollingIntervals } from '../features/config';
import { useHeldActions, useHeldOrders } from '../features/held';
import { useFutures } from '../features/markets';
import { useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { useActiveSymbol, useTicketActions, useTicketRows } from '../features/ticket';
import { staleNote } from '../shared/api/freshness';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';

const NO_ORDERS: JournalOrder[] = [];
const NO_HELD: HeldOrder[] = [];

/**
 * The chart of the ticket's market, fed by the feeds the terminal already polls: the markets feed
 * moves its current candle, the journal, the ticket and the held orders give its price lines, and its "+" (or a right
 * click) starts an order at a price, buy or sell. Self-contained, so that a layout can put it anywhere.
 */
export function ChartPanel() {
  const locale = useLocale();
  const intervals = usePollingIntervals();
  const { durations } = useConfig();
  const futures = useFutures(intervals.quotes);
  const symbol = useActiveSymbol() || undefined;
  const signedIn = useSession() === 'signed-in';
  const orders = useJournal(intervals.orders, signedIn).data?.rows ?? NO_ORDERS;
  const held = useHeldOrders(intervals.orders, signedIn).data ?? NO_HELD;
  const { modify } = useHeldActions();
  const { mutateAsync: modifyHeld } = modify;
  const moveHeld = useCallback(
    (id: string, triggerPrice: number) => modifyHeld({ id, patch: { trigger_price: triggerPrice } }),
    [modifyHeld],
  );
  const ticketRows = useTicketRows();
  const ticket = useTicketActions();
  const now = useNow();
  const snapshot = futures.data;
  const market = symbol ? snapshot?.bySymbol.get(symbol) : undefined;
  const serviceTime = snapshot?.serviceTime;

  const tick = useMemo<MarketTick | undefined>(
    () =>
      market && serviceTime !== undefined
        ? { serviceTime, mark: market.mark_price, index: market.index_price, fundingRate: market.est_funding_rate, openInterest: market.open_interest }
        : undefined,
    [market, serviceTime],
  );
  const lines = useMemo(
    () => (symbol ? [...orderLines(orders, symbol), ...draftLines(ticketRows, symbol)] : []),
    // The lines' titles are words: they are drawn again in a new language.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the titles' t`` calls depend on it
    [orders, ticketRows, symbol, locale],
  );
  const pickPrice = useCallback(
    (price: string, side: Side) => symbol && ticket.pickPrice(symbol, price, durations, side),
    [ticket, symbol, durations],
  );

  return (
    <section className="panel chart" aria-labelledby="chart-title">
      <PriceChart
        symbol={symbol}
        priceDecimals={market?.priceDecimals}
        quantityDecimals={market?.quantityDecimals ?? 0}
        tick={tick}
        lines={lines}
        staleReason={staleNote(futures, intervals.quotes, now, t`prices are not live`)}
        onPickPrice={pickPrice}
        held={held}
        onMoveHeld={moveHeld}
      />
    </section>
  );
}
