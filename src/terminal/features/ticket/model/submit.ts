import type { TicketSummary } from './checkTicket';

/** When to ask before sending: always, or only for tickets above a size or a notional. */
export interface ConfirmSettings {
  mode: 'always' | 'large';
  minOrders: number;
  minNotional: number;
  /** How far through mark, in percent, a plain limit goes before it is warned of as marketable (1 unless set). */
  marketableBandPercent?: number;
  /** A row priced further than this from mark, in percent, is asked about even when small tickets skip the question (5 unless set). */
  priceGuardPercent?: number;
}

/** How far from mark a price may be before the ticket asks whatever its size. */
export const DEFAULT_PRICE_GUARD_PERCENT = 5;

export function needsConfirmation(summary: TicketSummary, settings: ConfirmSettings): boolean {
  // A warning, or marks too old to check against, is asked about whatever the settings say.
  if (settings.mode === 'always' || summary.warnings.length > 0 || summary.markAgeMs !== undefined) return true;
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
