export { fetchFutures, futuresBackoff, futuresQueryOptions, useFutures, useMarket, type FuturesSnapshot } from './api/futuresQuery';
export { MarketsTable } from './components/MarketsTable';
export type { MarketRow } from './model/marketRow';
