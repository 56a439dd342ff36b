import Big from 'big.js';

/**
 * A price picked on the chart (a float from a pixel) as the ticket's text: rounded to the
 * instrument's tick in exact decimals, with the tick's decimals ("100012.5", never "100012.50000001").
 * Undefined for a point at or below zero, where no order can go.
 */
export function snapToTick(price: number, priceDecimals: number): string | undefined {
  if (!Number.isFinite(price)) return undefined;
  const decimals = Math.max(0, Math.min(12, Math.trunc(priceDecimals)));
  const snapped = new Big(price).round(decimals, Big.roundHalfUp);
  return snapped.gt(0) ? snapped.toFixed(decimals) : undefined;
}
