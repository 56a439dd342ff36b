import { useMemo } from 'react';
import type { InstrumentSpec } from '../model/specs';
import { useFutures } from './futuresQuery';

/** symbol:priceDecimals:quantityDecimals of every market, as one key that changes only with a spec. */
const keyOf = (rows: readonly ({ symbol: string } & InstrumentSpec)[] | undefined) =>
  rows?.map((row) => `${row.symbol}:${row.priceDecimals}:${row.quantityDecimals}`).join(',') ?? '';

function specsOf(key: string): ReadonlyMap<string, InstrumentSpec> {
  const specs = new Map<string, InstrumentSpec>();
  for (const entry of key ? key.split(',') : []) {
    const [symbol = '', price = '0', quantity = '0'] = entry.split(':');
    specs.set(symbol, { priceDecimals: Number(price), quantityDecimals: Number(quantity) });
  }
  return specs;
}

/**
 * The decimals of every market, for views that write its prices and quantities (the orders): the
 * same map across polls until a spec changes, so those views do not render on every poll.
 */
export function useInstrumentSpecs(intervalMs: number): ReadonlyMap<string, InstrumentSpec> {
  const key = keyOf(useFutures(intervalMs).data?.rows);
  return useMemo(() => specsOf(key), [key]);
}
