import { useMemo } from 'react';
import type { Duration } from '@/interface';
import { checkTicket } from '../model/checkTicket';
import type { MarketContext, TicketContext } from '../model/types';
import { useActiveRow, useTicketActions, useTicketRows, useTicketTool } from '../store';

/** The ticket's rows checked against the live markets, and the order being edited with its market. */
export function useOrderTicket(
  markets: ReadonlyMap<string, MarketContext>,
  durations: readonly Duration[],
  usedClientOrderIds: ReadonlySet<string>,
) {
  const rows = useTicketRows();
  const row = useActiveRow();
  const context: TicketContext = useMemo(() => ({ markets, durations, usedClientOrderIds }), [markets, durations, usedClientOrderIds]);
  const check = useMemo(() => checkTicket(rows, context), [rows, context]);
  return {
    rows,
    row,
    tool: useTicketTool(),
    actions: useTicketActions(),
    check,
    checked: row ? check.rows.find((item) => item.id === row.id) : undefined,
    market: row ? markets.get(row.symbol) : undefined,
  };
}
