export {
  futuresQueryOptions,
  pricesFreshness,
  useFutures,
  useFuturesFollowing,
  useFuturesRetryInterval,
  useFuturesState,
  useMarket,
  useMarketSpec,
  watchMarket,
  type FuturesSnapshot,
} from './api/futuresQuery';
export { useInstrumentSpecs } from './api/instrumentSpecs';
export { marketsKeys } from './api/keys';
export { marketsFeedOf, type MarketsFeed } from './api/marketsFeed';
export { MarketsTable } from './components/MarketsTable';
export { MARKET_PAINT_TIMING } from './paintTiming';
export type { MarketRow } from './model/marketRow';
export type { InstrumentSpec } from './model/specs';
