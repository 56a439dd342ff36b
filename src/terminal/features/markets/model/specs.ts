import type { FuturesRow } from '@/interface';
import { decimalsOf } from '@/terminal/shared/format/number';

/**
 * What the interface does not say about an instrument: its price tick and quantity step. They are
 * inferred from the digits the service reports (prices for the tick; open interest and volume for
 * the step) and only ever grow finer as more digits are seen.
 */
export interface InstrumentSpec {
  priceDecimals: number;
  quantityDecimals: number;
}

const MAX_DECIMALS = 12;
const priceFields = ['index_price', 'mark_price', '24h_open', '24h_close', '24h_high', '24h_low'] as const;
const quantityFields = ['open_interest', '24h_volume'] as const;

export function inferSpec(row: FuturesRow, previous?: InstrumentSpec): InstrumentSpec {
  let priceDecimals = previous?.priceDecimals ?? 0;
  let quantityDecimals = previous?.quantityDecimals ?? 0;
  for (const field of priceFields) priceDecimals = Math.max(priceDecimals, decimalsOf(row[field]));
  for (const field of quantityFields) quantityDecimals = Math.max(quantityDecimals, decimalsOf(row[field]));
  return {
    priceDecimals: Math.min(priceDecimals, MAX_DECIMALS),
    quantityDecimals: Math.min(quantityDecimals, MAX_DECIMALS),
  };
}

/**
 * What is known of an instrument after a poll whose digits showed these decimals: never coarser
 * than before (and the same object when nothing new was seen).
 */
export function mergeSpec(known: InstrumentSpec | undefined, priceDecimals: number, quantityDecimals: number): InstrumentSpec {
  if (known && known.priceDecimals >= priceDecimals && known.quantityDecimals >= quantityDecimals) return known;
  return {
    priceDecimals: Math.max(known?.priceDecimals ?? 0, priceDecimals),
    quantityDecimals: Math.max(known?.quantityDecimals ?? 0, quantityDecimals),
  };
}
