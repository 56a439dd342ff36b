import { baseAsset, quoteAsset, type FuturesRow } from '@/interface';
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
  /** Open interest valued at the mark price, in the quote asset (USDC): what traders compare markets by. */
  openInterestValue: number;
  /** Direction of the last change of mark price, for the flash. */
  markTick: Tick;
  /** next_funding_time on this browser's clock, for the countdown. */
  nextFundingAt: number;
  /** Base and quote of PERP_<BASE>_<QUOTE>. */
  base: string;
  quote: string;
}

const split = new Map<string, { base: string; quote: string }>();

/** Base and quote of PERP_<BASE>_<QUOTE>; worked out once per symbol (every row asks on every poll). */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  let parts = split.get(symbol);
  if (!parts) {
    parts = { base: baseAsset(symbol) ?? symbol, quote: quoteAsset(symbol) ?? '' };
    split.set(symbol, parts);
  }
  return parts;
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
  const { base, quote } = splitSymbol(row.symbol);
  // Every field written out: one object shape for every row, built fast on every poll (a spread
  // of the service's row is several times slower for thousands of rows).
  return {
    symbol: row.symbol,
    index_price: row.index_price,
    mark_price: row.mark_price,
    sum_unitary_funding: row.sum_unitary_funding,
    est_funding_rate: row.est_funding_rate,
    last_funding_rate: row.last_funding_rate,
    next_funding_time: row.next_funding_time,
    open_interest: row.open_interest,
    '24h_open': open,
    '24h_close': row['24h_close'],
    '24h_high': row['24h_high'],
    '24h_low': row['24h_low'],
    '24h_amount': row['24h_amount'],
    '24h_volume': row['24h_volume'],
    priceDecimals: spec.priceDecimals,
    quantityDecimals: spec.quantityDecimals,
    base,
    quote,
    change24h: open > 0 ? (row['24h_close'] - open) / open : null,
    fundingAnnualised: row.est_funding_rate * FUNDING_PER_YEAR,
    openInterestValue: row.open_interest * row.mark_price,
    // Whole seconds: the countdown shows seconds, and a steady value lets the cell skip renders.
    nextFundingAt: Math.round((row.next_funding_time - clockOffsetMs) / 1000) * 1000,
    markTick,
  };
}
