import type { JournalOrder } from '@/interface';
import { formatClock } from '@/terminal/shared/format/time';

/** Orders that fill or die at once: they never rest on a book, so they are never "placed" there. */
const IMMEDIATE_TYPES: ReadonlySet<JournalOrder['order_type']> = new Set(['MARKET', 'IOC', 'FOK']);

export const isImmediate = (order: Pick<JournalOrder, 'order_type'>) => IMMEDIATE_TYPES.has(order.order_type);

/**
 * What the terminal can honestly say of an order. The service reports no fills or cancels, so an
 * accepted order is "placed" at the time the service took it (or "sent (immediate)" for market,
 * IOC and FOK orders), never "working" or "open".
 */
export function orderStateText(order: Pick<JournalOrder, 'status' | 'order_type' | 'updated_at'>): string {
  if (order.status !== 'accepted') return order.status;
  return isImmediate(order) ? 'sent (immediate)' : `placed ${formatClock(order.updated_at)}`;
}

/** The state's tooltip: when the service took the order, and what that does not tell. */
export function orderStateTitle(order: Pick<JournalOrder, 'status' | 'order_type' | 'updated_at'>): string | undefined {
  if (order.status !== 'accepted') return undefined;
  const at = formatClock(order.updated_at);
  return isImmediate(order)
    ? `Accepted at ${at}; a market, IOC or FOK order fills or is cancelled at once and never rests`
    : `Accepted at ${at}; the service reports no fills or cancels, so whether it still rests is not known here`;
}
