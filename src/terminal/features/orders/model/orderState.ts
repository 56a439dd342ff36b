import { t } from '@lingui/core/macro';
import type { JournalOrder } from '@/interface';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
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
  switch (order.status) {
    case 'pending':
      return t({ message: 'pending', context: 'order state: recorded, not sent yet' });
    case 'sent':
      return t({ message: 'sent', context: 'order state: sent, no answer yet' });
    case 'rejected':
      return t({ message: 'rejected', context: 'order state: the service refused it' });
    case 'failed':
      return t({ message: 'failed', context: 'order state: known not placed' });
    case 'unknown':
      return t({ message: 'unknown', context: 'order state: no answer came; it may be live' });
    case 'accepted': {
      if (isImmediate(order)) return t`sent (immediate)`;
      const at = formatClock(order.updated_at);
      return t({ message: `placed ${at}`, context: 'order state: accepted by the service at a time' });
    }
  }
}

/** The state's tooltip: when the service took the order, and what that does not tell. */
export function orderStateTitle(order: Pick<JournalOrder, 'status' | 'order_type' | 'updated_at'>): string | undefined {
  if (order.status !== 'accepted') return undefined;
  const at = formatClock(order.updated_at);
  return isImmediate(order)
    ? t`Accepted at ${at}; a market, IOC or FOK order fills or is cancelled at once and never rests`
    : t`Accepted at ${at}; the service reports no fills or cancels, so whether it still rests is not known here`;
}
