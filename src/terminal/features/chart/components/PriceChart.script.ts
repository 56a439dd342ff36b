import { useMemo } from 'react';
import { tapeResolutions, type HeldOrder } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { isDesk, usePerson } from '@/terminal/shared/person';
import { useCandles } from '../api/candlesQuery';
import { heldLines, heldMarkers } from '../model/heldLines';
import { lastCandleOf } from '../model/live';
import { chartCover, chartStatus } from '../model/notes';
import { toChartSeries } from '../model/series';
import { useChartResolution, useShowBasis } from '../store';

const NO_HELD: readonly HeldOrder[] = [];

/** The chart's data for one market: its candles as series, its held orders' lines and markers, and its states in words. */
export function usePriceChart(symbol: string | undefined, staleReason: string | undefined, held: readonly HeldOrder[] = NO_HELD) {
  // The covers, the status line and the held orders' labels are words, in the active language.
  const locale = useLocale();
  const resolution = useChartResolution();
  const showBasis = useShowBasis();
  const candles = useCandles(symbol, resolution);
  const resolutionMs = tapeResolutions[resolution];
  const rows = candles.data?.rows;
  const series = useMemo(() => (rows ? toChartSeries(rows, resolutionMs) : undefined), [rows, resolutionMs]);
  const last = useMemo(() => (rows ? lastCandleOf(rows) : undefined), [rows]);
  const person = usePerson();
  const me = isDesk(person) ? person.name : undefined;
  const lines = useMemo(
    () => (symbol ? heldLines(held, symbol, me) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the labels' t`` calls depend on it
    [held, symbol, locale, me],
  );
  const markers = useMemo(
    () => (symbol ? heldMarkers(held, symbol, resolutionMs) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
    [held, symbol, resolutionMs, locale],
  );
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
    heldLines: lines,
    heldMarkers: markers,
    cover: chartCover(state),
    status: chartStatus(state),
    lastClose: rows?.at(-1)?.close,
  };
}
