import { t } from '@lingui/core/macro';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { HeldOrder, JournalOrder, Side } from '@/interface';
import { draftLines, orderLines, PriceChart, type TickSource } from '../features/chart';
import { useConfig, usePollingIntervals } from '../features/config';
import { useHeldActions, useHeldOrders } from '../features/held';
import { pricesFreshness, useFuturesState, useMarketSpec, watchMarket } from '../features/markets';
import { useJournal } from '../features/orders';
import { useSession } from '../features/session';
import { useActiveSymbol, useTicketActions, useTicketRows } from '../features/ticket';
import { staleNote } from '../shared/api/freshness';
import { useLocale } from '../shared/i18n/i18n';
import { useNow } from '../shared/useNow';

const NO_ORDERS: JournalOrder[] = [];
const NO_HELD: HeldOrder[] = [];

/** The markets feed's polls as the chart's ticks, given to its canvas without a render of this panel. */
const ticksOf = (client: QueryClient): TickSource => ({
  watch: (symbol, listener) =>
    watchMarket(client, symbol, (market, { serviceTime }) =>
      listener({ serviceTime, mark: market.mark_price, index: market.index_price, fundingRate: market.est_funding_rate, openInterest: market.open_interest }),
    ),
});

/**
 * The chart of the ticket's market, fed by the feeds the terminal already polls: the markets feed
 * moves its current candle, the journal, the ticket and the held orders give its price lines, and its "+" (or a right
 * click) starts an order at a price, buy or sell. Self-contained, so that a layout can put it anywhere.
 */
export function ChartPanel() {
  const locale = useLocale();
  const intervals = usePollingIntervals();
  const { durations } = useConfig();
  const symbol = useActiveSymbol() || undefined;
  // Not the snapshot: a poll that only moves prices renders nothing here (the ticks go to the canvas).
  const { spec } = useMarketSpec(symbol, intervals.quotes);
  const client = useQueryClient();
  const ticks = useMemo(() => ticksOf(client), [client]);
  // Judged at each render: the clock's every second, and a change of the feed's error.
  const prices = pricesFreshness(useFuturesState(intervals.quotes));
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
        priceDecimals={spec?.priceDecimals}
        quantityDecimals={spec?.quantityDecimals ?? 0}
        ticks={ticks}
        lines={lines}
        staleReason={staleNote(prices, intervals.quotes, now, t`prices are not live`)}
        onPickPrice={pickPrice}
        held={held}
        onMoveHeld={moveHeld}
      />
    </section>
  );
}
