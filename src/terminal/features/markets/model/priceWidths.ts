import type { MarketRow } from './marketRow';

export const PRICE_FIELDS = ['mark_price', 'index_price', '24h_high', '24h_low'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * Characters of a price as the grid writes it (grouped, with the instrument's decimals), from its
 * magnitude: no text is formatted, as this runs on every poll.
 */
export function priceChars(value: number, decimals: number): number {
  const whole = Math.floor(Math.abs(value));
  const wholeDigits = whole < 1 ? 1 : Math.floor(Math.log10(whole)) + 1;
  const separators = Math.floor((wholeDigits - 1) / 3);
  return (value < 0 ? 1 : 0) + wholeDigits + separators + (decimals > 0 ? decimals + 1 : 0);
}

/**
 * The widest price of each price column, in characters, as one key ("9,11,9,9"): the columns are
 * made again only when it changes, which is rarely (a price gaining a digit, a new market).
 */
export function widestPrices(rows: readonly MarketRow[]): string {
  return PRICE_FIELDS.map((field) => {
    let widest = 0;
    for (const row of rows) widest = Math.max(widest, priceChars(row[field], row.priceDecimals));
    return widest;
  }).join(',');
}

/** Characters of the longest base asset name ("RENDER"): the market column fits it. */
export function longestBase(rows: readonly MarketRow[]): number {
  let longest = 0;
  for (const row of rows) longest = Math.max(longest, row.base.length);
  return longest;
}
