import { t } from '@lingui/core/macro';
import type { Side } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { edgeNotes, offscreenOrders } from '../model/edges';
import { useCandleChart, type CandleChartInput } from './CandleChart.script';
import { ChartLegend } from './ChartLegend';
import { HeldHandles } from './HeldHandles';
import { useHeldHandles, type HeldHandlesInput } from './HeldHandles.script';
import { EdgeMarkers, OrderAtPrice } from './OrderAtPrice';
import { usePricePane } from './OrderAtPrice.script';

export interface CandleChartProps extends CandleChartInput {
  /** What the canvas shows, for a screen reader: the market, resolution and last close. */
  description: string;
  quantityDecimals: number;
  /** A price on the tick, and the side, asked for from the chart's "+" or right click; undefined offers none. */
  onPickPrice: ((price: string, side: Side) => void) | undefined;
  /** Sends a held order's new trigger, once the trader confirmed it; undefined: the lines cannot be moved. */
  onMoveHeld: HeldHandlesInput['onMove'];
}

/**
 * The canvas of the chart (lightweight-charts, loaded with this module only when a chart is shown)
 * and its legend of the values under the crosshair.
 */
export function CandleChart({ description, quantityDecimals, onPickPrice, onMoveHeld, ...given }: CandleChartProps) {
  useLocale();
  const pane = usePricePane();
  const held = useHeldHandles({ lines: given.heldLines, layout: pane.layout, priceDecimals: given.priceDecimals, onMove: onMoveHeld });
  // A line being moved is drawn where it is being moved to.
  const input = { ...given, heldLines: held.shown };
  const { containerRef, legend } = useCandleChart(input, pane.handlers);
  const edges = edgeNotes(offscreenOrders(input.lines, pane.layout?.range));
  return (
    <div className="chart__stage" onPointerLeave={pane.forgetPointer}>
      <div
        className="chart__canvas"
        ref={containerRef}
        role="img"
        aria-label={description}
        data-testid="chart-canvas"
        // What the canvas draws as price lines, readable outside it (the browser test checks it).
        data-price-lines={input.lines.map((line) => `${line.source}:${line.side}:${line.price}×${line.count}`).join(' ')}
        data-held-lines={held.shown.map((line) => `${line.kind}:${line.part}:${line.side}:${line.price}:${line.style}`).join(' ')}
        data-held-markers={input.heldMarkers.map((marker) => `${marker.kind}:${marker.side}:${marker.price}@${marker.time}`).join(' ')}
      />
      <HeldHandles held={held} />
      <EdgeMarkers above={edges.above} below={edges.below} layout={pane.layout} />
      <OrderAtPrice pane={pane} priceDecimals={input.priceDecimals} onPickPrice={onPickPrice} />
      <ChartLegend legend={legend} priceDecimals={input.priceDecimals} quantityDecimals={quantityDecimals} />
      {/* lightweight-charts' licence asks for TradingView's notice and a link to it on the page. */}
      <a
        className="chart__attribution"
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
        title="TradingView Lightweight Charts™, Copyright (c) TradingView, Inc. (Apache-2.0)"
      >
        {t`Charting by TradingView`}
      </a>
    </div>
  );
}
