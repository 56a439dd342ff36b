import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstrumentSpec } from '../model/specs';
import { futuresQueryOptions } from './futuresQuery';
import { marketsFeedOf } from './marketsFeed';

const NO_SPECS: ReadonlyMap<string, InstrumentSpec> = new Map();

/**
 * The decimals of every market, for views that write its prices and quantities (the orders). The
 * query's `select` hands out the feed's specs map, which stays the same object across polls until
 * a spec changes: those views do not render on every poll of the markets.
 */
export function useInstrumentSpecs(intervalMs: number): ReadonlyMap<string, InstrumentSpec> {
  const { data } = useQuery({ ...futuresQueryOptions(marketsFeedOf(useQueryClient()), intervalMs), select: selectSpecs });
  return data ?? NO_SPECS;
}

const selectSpecs = (snapshot: { specs: ReadonlyMap<string, InstrumentSpec> }) => snapshot.specs;
