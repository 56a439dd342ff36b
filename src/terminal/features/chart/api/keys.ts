import type { TapeResolution } from '@/interface';

/** Every query key of the chart feature: queries and invalidations take theirs from here. */
export const chartKeys = {
  all: ['chart'] as const,
  /** The tape's candles of one market at one resolution (the range follows from when it is read). */
  candles: (symbol: string, resolution: TapeResolution) => [...chartKeys.all, 'candles', symbol, resolution] as const,
};
