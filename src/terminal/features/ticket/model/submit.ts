import type { TicketSummary } from './checkTicket';
import { DEFAULT_MARKET_SLIPPAGE_PERCENT } from './marketBound';

export { DEFAULT_MARKET_SLIPPAGE_PERCENT };

/** When to ask before sending: always, or only for tickets above a size or a notional. */
export interface ConfirmSettings {
  mode: 'always' | 'large';
  minOrders: number;
  minNotional: number;
  /** How far through mark, in percent, a plain limit goes before it is warned of as marketable (1 unless set). */
  marketableBandPercent?: number;
  /** A row priced further than this from mark, in percent, is asked about even when small tickets skip the question (5 unless set). */
  priceGuardPercent?: number;
  /** Market orders go as IOC limits at mark ± this many percent (0.5 unless set). */
  marketSlippagePercent?: number;
  /** false: market orders go as MARKET with no bound, and every ticket holding one is asked about. */
  boundMarketOrders?: boolean;
  /** A market order above this notional (USDC, at the mark) is asked about whatever the other settings say (10,000 unless set). */
  marketConfirmNotional?: number;
}

/** How far from mark a price may be before the ticket asks whatever its size. */
export const DEFAULT_PRICE_GUARD_PERCENT = 5;
/** From what notional a market order is asked about unless the trader says otherwise. */
export const DEFAULT_MARKET_CONFIRM_NOTIONAL = 10_000;

/** The slippage the ticket bounds market orders at, as a ratio, or null when the bound is off (TicketContext.marketSlippage). */
export const marketSlippageOf = (settings: ConfirmSettings): number | null =>
  settings.boundMarketOrders === false ? null : (settings.marketSlippagePercent ?? DEFAULT_MARKET_SLIPPAGE_PERCENT) / 100;

export function needsConfirmation(summary: TicketSummary, settings: ConfirmSettings): boolean {
  // A warning, or marks too old to check against, is asked about whatever the settings say.
  if (settings.mode === 'always' || summary.warnings.length > 0 || summary.markAgeMs !== undefined) return true;
  // A market order with no bound fills at any price: asked about every time.
  if (summary.unboundedMarkets > 0) return true;
  const marketLimit = settings.marketConfirmNotional ?? DEFAULT_MARKET_CONFIRM_NOTIONAL;
  if (summary.largestMarketNotional?.gt(marketLimit)) return true;
  // Skipping the question is for small tickets near the market: a price far from mark is asked about.
  const guard = (settings.priceGuardPercent ?? DEFAULT_PRICE_GUARD_PERCENT) / 100;
  if (summary.furthestFromMark !== null && summary.furthestFromMark > guard) return true;
  return summary.orders >= settings.minOrders || summary.totalNotional.gte(settings.minNotional);
}

/**
 * What the line under the send button is about, most pressing first: the ticket cannot go, the
 * last send did not reach the proxy, a ticket from before a reload is still being looked up.
 */
export type SubmitNotice = 'blocked' | 'unreachable' | 'checking' | 'none';

export function submitNotice(state: { blocked: boolean; failed: boolean; pending: boolean; sending: boolean }): SubmitNotice {
  if (state.blocked) return 'blocked';
  if (state.failed) return 'unreachable';
  return state.pending && !state.sending ? 'checking' : 'none';
}

/** The confirm settings' notional as typed: a number from 0 up, or nothing to take yet. */
export function readMinNotional(text: string): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}
