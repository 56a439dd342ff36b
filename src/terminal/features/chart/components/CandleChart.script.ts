import { useEffect, useRef } from 'react';
import type { LegendValues } from '../model/legend';
import type { LastCandle, TickSource } from '../model/live';
import type { HeldLine, HeldMarker } from '../model/heldLines';
import type { ChartPriceLine } from '../model/priceLines';
import type { ChartSeries } from '../model/series';
import { readChartColours } from '../model/colours';
import { ChartEngine } from './chartEngine';
import { useOwnLatest } from './latest';
import type { PricePaneHandlers } from './pricePane';

export interface CandleChartInput {
  series: ChartSeries;
  last: LastCandle | undefined;
  symbol: string;
  /** The markets feed: each poll moves the current candle, without a render of the views. */
  ticks: TickSource | undefined;
  resolutionMs: number;
  lines: readonly ChartPriceLine[];
  /** The held orders' lines and the markers of the fired ones. */
  heldLines: readonly HeldLine[];
  heldMarkers: readonly HeldMarker[];
  showBasis: boolean;
  priceDecimals: number;
}

/**
 * Keeps one chart engine for the life of the view and feeds it: the series when a new history
 * arrives (the only full redraw), each poll's tick, the price lines, the basis toggle.
 */
export function useCandleChart(input: CandleChartInput, paneHandlers: PricePaneHandlers) {
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<ChartEngine | undefined>(undefined);
  // Not state of this view: a poll's legend renders the legend alone (ChartLegend).
  const legend = useOwnLatest<LegendValues | undefined>(undefined);
  // The engine lives as long as the view: it is given the handlers the view had first (they are stable).
  const pane = useRef(paneHandlers);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const engine = new ChartEngine(container, readChartColours(container), { ...pane.current, onLegend: legend.set });
    engineRef.current = engine;
    // A theme is a set of attributes on <html> (see the settings): when they change, so do the colours.
    const themeWatch = new MutationObserver(() => engine.setColours(readChartColours(container)));
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-updown'] });
    return () => {
      themeWatch.disconnect();
      engineRef.current = undefined;
      engine.remove();
    };
    // `legend` is the view's own for its life: the engine is made once.
  }, [legend]);

  const { series, last, symbol, ticks, resolutionMs, lines, heldLines, heldMarkers, showBasis, priceDecimals } = input;
  useEffect(() => engineRef.current?.setPriceDecimals(priceDecimals), [priceDecimals]);
  useEffect(() => engineRef.current?.setSeries(series, last), [series, last]);
  // After the series: the first tick given is the poll there is now, on the candles just set.
  useEffect(() => {
    const engine = engineRef.current;
    if (!engine || !ticks) return;
    return ticks.watch(symbol, (tick) => engine.applyTick(tick, resolutionMs));
  }, [ticks, symbol, resolutionMs]);
  useEffect(() => engineRef.current?.setPriceLines(lines), [lines]);
  useEffect(() => engineRef.current?.setHeldLines(heldLines), [heldLines]);
  // After the series: a marker is put on a candle the chart has.
  useEffect(() => engineRef.current?.setHeldMarkers(heldMarkers), [heldMarkers, series]);
  useEffect(() => engineRef.current?.setBasisVisible(showBasis), [showBasis]);

  return { containerRef, legend };
}
