import type { FuturesRow } from '../../../../interface';
import type { InstrumentSpec } from './specs';

/** Funding settles every 8 hours in this family: three times a day. */
export const FUNDING_PER_YEAR = 3 * 365;

export type Tick = 'up' | 'down' | null;

/** A market row as the terminal shows it: the service's fields plus what follows from them. */
export interface MarketRow extends FuturesRow, InstrumentSpec {
  /** 24h change of the last price, as a ratio (0.0123 = +1.23%); null without an open. */
  change24h: number | null;
  /** Estimated funding rate per year, as a ratio. */
  fundingAnnualised: number;
  /** Direction of the last change of mark price, for the flash. */
  markTick: Tick;
  /** next_funding_time on this browser's clock, for the countdown. */
  nextFundingAt: number;
  /** Base and quote of PERP_<BASE>_<QUOTE>. */
  base: string;
  quote: string;
}

export function splitSymbol(symbol: string): { base: string; quote: string } {
  const [, base = symbol, quote = ''] = symbol.split('_');
  return { base, quote };
}

/**
 * `clockOffsetMs` is the service clock minus this browser's, so that countdowns run on local time
 * even when the two clocks disagree.
 */
export function toMarketRow(
  row: FuturesRow,
  spec: InstrumentSpec,
  clockOffsetMs: number,
  previous?: MarketRow,
): MarketRow {
  const open = row['24h_open'];
  let markTick: Tick = null;
  if (previous && previous.mark_price !== row.mark_price) {
    markTick = row.mark_price > previous.mark_price ? 'up' : 'down';
  }
  return {
    ...row,
    ...spec,
    ...splitSymbol(row.symbol),
    change24h: open > 0 ? (row['24h_close'] - open) / open : null,
    fundingAnnualised: row.est_funding_rate * FUNDING_PER_YEAR,
    nextFundingAt: row.next_funding_time - clockOffsetMs,
    markTick,
  };
}
