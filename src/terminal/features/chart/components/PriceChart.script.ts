import { useMemo } from 'react';
import { tapeResolutions } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useCandles } from '../api/candlesQuery';
import { lastCandleOf } from '../model/live';
import { chartCover, chartStatus } from '../model/notes';
import { toChartSeries } from '../model/series';
import { useChartResolution, useShowBasis } from '../store';

/** The chart's data for one market: its candles as series, and its states in words. */
export function usePriceChart(symbol: string | undefined, staleReason: string | undefined) {
  // The covers and the status line are words, in the active language.
  useLocale();
  const resolution = useChartResolution();
  const showBasis = useShowBasis();
  const candles = useCandles(symbol, resolution);
  const resolutionMs = tapeResolutions[resolution];
  const rows = candles.data?.rows;
  const series = useMemo(() => (rows ? toChartSeries(rows, resolutionMs) : undefined), [rows, resolutionMs]);
  const last = useMemo(() => (rows ? lastCandleOf(rows) : undefined), [rows]);
  const state = {
    symbol,
    error: candles.error,
    candles: rows?.length,
    recordingSince: candles.data?.recordingSince,
    simulated: candles.data?.simulated ?? false,
    staleReason,
  };
  return {
    resolution,
    resolutionMs,
    showBasis,
    series,
    last,
    cover: chartCover(state),
    status: chartStatus(state),
    lastClose: rows?.at(-1)?.close,
  };
}
