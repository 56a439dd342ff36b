/**
 * The element-timing name of a market row's symbol: the bench reads the first one painted. Its own
 * module, free of words, so the bench (run by tsx, without the build's macros) can import it.
 */
export const MARKET_PAINT_TIMING = 'market-symbol';
