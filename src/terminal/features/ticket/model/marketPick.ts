import { isSizedRow } from './aside';
import { heldForMarket } from './heldTypes';
import { copyDraftRow } from './rows';
import type { DraftRow } from './types';

export interface PointedTicket {
  rows: DraftRow[];
  activeRowId: string;
}

/** A size in USD (an amount or a notional) means the same on any market; a base quantity does not. */
const inUsd = (row: DraftRow) => row.sizeUnit === 'amount' || row.sizeUnit === 'notional';

/**
 * A fresh order for a market, in the manner of the row it comes from (side, type, duration,
 * margin, size unit), with no size: only the trader sizes an order.
 */
export function freshRowFor(from: DraftRow, symbol: string, price: string): DraftRow {
  // A held kind's trigger and exits were prices of the old market: on another, only the kind stays.
  const held = from.symbol === symbol ? from.held : heldForMarket(from.held);
  return { ...copyDraftRow(from), symbol, price, size: '', visibleQuantity: '', tag: '', held };
}

/**
 * Points the ticket at a market without touching an order the trader made: an unsized active row
 * takes the market (and the price, when it has none on the same market); a sized one is left as
 * it is and `aside` is the fresh order to start in its place (the store sets the sized one aside).
 */
export function pointTicketAt(rows: readonly DraftRow[], activeRowId: string, symbol: string, price = ''): PointedTicket | { aside: DraftRow } {
  const active = rows.find((row) => row.id === activeRowId) ?? rows[0];
  if (!active) return { rows: [...rows], activeRowId };
  if (isSizedRow(active)) return active.symbol === symbol ? { rows: [...rows], activeRowId: active.id } : { aside: freshRowFor(active, symbol, price) };
  if (active.symbol === symbol) {
    const filled = active.price === '' && price !== '' ? { ...active, price } : active;
    return { rows: rows.map((row) => (row.id === active.id ? filled : row)), activeRowId: active.id };
  }
  const fresh = freshRowFor(active, symbol, price);
  return { rows: rows.map((row) => (row.id === active.id ? fresh : row)), activeRowId: fresh.id };
}

/** A row's market typed anew: its price and quantity were for the old one. */
export function withSymbol(row: DraftRow, symbol: string): DraftRow {
  if (row.symbol === symbol) return row;
  return { ...row, symbol, price: '', size: inUsd(row) ? row.size : '', visibleQuantity: '', held: heldForMarket(row.held) };
}
