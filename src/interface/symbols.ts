/** Base and quote of an instrument PERP_<BASE>_<QUOTE>; undefined when the symbol has no such part. */
export const baseAsset = (symbol: string): string | undefined => symbol.split('_')[1];
export const quoteAsset = (symbol: string): string | undefined => symbol.split('_')[2];
