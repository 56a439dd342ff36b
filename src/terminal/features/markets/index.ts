export { futuresQueryOptions, useFutures, useFuturesRetryInterval, useMarket, type FuturesSnapshot } from './api/futuresQuery';
export { marketsKeys } from './api/keys';
export { marketsFeedOf, type MarketsFeed } from './api/marketsFeed';
export { MarketsTable } from './components/MarketsTable';
export type { MarketRow } from './model/marketRow';
