import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { MarketsTable, type FuturesSnapshot } from '../features/markets';
import { useActiveSymbol, useTicketActions } from '../features/ticket';
import { useIsPhone } from '../features/workspace';
import { fixedPlain } from '../shared/format/number';

/**
 * A market for the chart from the first prices: the ticket's own when it has one, else the first
 * listed (BTC), so a trader opening the terminal sees a chart at once, not an empty one.
 */
function useFirstMarket(snapshot: FuturesSnapshot, selected: string | undefined, select: (symbol: string) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const first = snapshot.rows[0];
    if (!selected && first) select(first.symbol);
  }, [snapshot, selected, select]);
}

export interface MarketsGridProps {
  snapshot: FuturesSnapshot;
  stale: boolean;
  status: ReactNode;
}

/**
 * The markets' grid and what a row does (it points the ticket at its market). Its own chunk: the
 * grid's libraries and the ticket's store are not on the first load, which paints the first
 * rows without them (MarketsPanel).
 */
export function MarketsGrid({ snapshot, stale, status }: MarketsGridProps) {
  const ticket = useTicketActions();
  const selected = useActiveSymbol();
  // A finger needs 44 px to hit a row.
  const rowHeight = useIsPhone() ? 44 : undefined;
  const { bySymbol } = snapshot;
  // A click anywhere on a row (a price cell included) selects its market: nothing else.
  const select = useCallback(
    (symbol: string) => {
      const market = bySymbol.get(symbol);
      ticket.selectMarket(symbol, market ? fixedPlain(market.mark_price, market.priceDecimals) : undefined);
    },
    [ticket, bySymbol],
  );
  useFirstMarket(snapshot, selected, select);
  return <MarketsTable rows={snapshot.rows} selectedSymbol={selected} stale={stale} rowHeight={rowHeight} onSelect={select} status={status} />;
}
