export { candlesQueryOptions, fetchCandles, useCandles } from './api/candlesQuery';
export { chartKeys } from './api/keys';
export { PriceChart, type PriceChartProps } from './components/PriceChart';
export type { MarketTick, TickSource } from './model/live';
export { draftLines, orderLines, type ChartPriceLine, type DraftLike } from './model/priceLines';
