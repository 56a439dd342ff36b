import type { HeldOrder } from '@/interface';
import { trailingLevel } from './book';
import type { MarketMark } from './marks';

/**
 * A row as the trader sees it: the proxy's mark and its age, whether a live order waits for a
 * fresh price (its mark older than `staleAfterMs`), and a trailing stop's level from its best mark.
 */
export function viewOf(order: HeldOrder, market: MarketMark | undefined, now: number, staleAfterMs: number, bestMark: number | null): HeldOrder {
  const live = order.state === 'armed' || order.state === 'awaiting_entry';
  const age = market ? Math.max(0, now - market.askedAt) : null;
  const seen: HeldOrder = {
    ...order,
    mark: market?.mark ?? null,
    mark_age_ms: age,
    waiting_for_fresh_price: live && (age === null || age > staleAfterMs),
  };
  if (order.type !== 'TRAILING_STOP') return seen;
  return { ...seen, best_mark: bestMark, trigger_price: bestMark === null ? null : trailingLevel(order, bestMark) };
}
