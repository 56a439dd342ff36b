import { copyDraftRow } from './rows';
import type { DraftRow } from './types';

export interface PointedTicket {
  rows: DraftRow[];
  activeRowId: string;
}

/** A row the trader has not sized yet: a market picked, not an order. */
export const isBlankRow = (row: DraftRow) => row.size.trim() === '';

/** A size in USD (an amount or a notional) means the same on any market; a base quantity does not. */
const inUsd = (row: DraftRow) => row.sizeUnit === 'amount' || row.sizeUnit === 'notional';

/**
 * A fresh order for a market, in the manner of the row it comes from (side, type, duration,
 * margin): the quantity belongs to the old market and is dropped; a size in USD is carried.
 */
export function freshRowFor(from: DraftRow, symbol: string, price: string): DraftRow {
  const carriesAmount = inUsd(from);
  return {
    ...copyDraftRow(from),
    symbol,
    price,
    size: carriesAmount ? from.size : '',
    visibleQuantity: '',
    tag: '',
  };
}

/**
 * Points the ticket at a market without rewriting an order the trader made: a one-order ticket
 * starts a fresh order there; in a batch, an unsized active row takes the market and a sized one
 * stays as it is while a new row is added and selected. The same market changes nothing but an
 * empty price.
 */
export function pointTicketAt(rows: readonly DraftRow[], activeRowId: string, symbol: string, price = ''): PointedTicket {
  const active = rows.find((row) => row.id === activeRowId) ?? rows[0];
  if (!active) return { rows: [...rows], activeRowId };
  if (active.symbol === symbol) {
    const filled = active.price === '' && price !== '' ? { ...active, price } : active;
    return { rows: rows.map((row) => (row.id === active.id ? filled : row)), activeRowId: active.id };
  }
  if (rows.length === 1 || isBlankRow(active)) {
    const fresh = freshRowFor(active, symbol, price);
    return { rows: rows.map((row) => (row.id === active.id ? fresh : row)), activeRowId: fresh.id };
  }
  const added = freshRowFor(active, symbol, price);
  return { rows: [...rows, added], activeRowId: added.id };
}

/** A row's market typed anew: its price and quantity were for the old one. */
export function withSymbol(row: DraftRow, symbol: string): DraftRow {
  if (row.symbol === symbol) return row;
  return { ...row, symbol, price: '', size: inUsd(row) ? row.size : '', visibleQuantity: '' };
}
