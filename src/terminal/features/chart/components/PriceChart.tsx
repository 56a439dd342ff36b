import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import type { HeldOrder, Side } from '@/interface';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import { formatFixed } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import type { TickSource } from '../model/live';
import type { ChartPriceLine } from '../model/priceLines';
import { ChartControls } from './ChartControls';
import { usePriceChart } from './PriceChart.script';
import '../chart.css';

// The chart library is most of this feature's weight: it loads with the canvas, after the first prices.
const CandleChart = lazyWithWords(() => import('./CandleChart').then((module) => ({ default: module.CandleChart })));

/** How prices show before the markets feed has told the instrument's decimals. */
const DEFAULT_DECIMALS = 2;

export interface PriceChartProps {
  /** The market charted; undefined until the trader picks one. */
  symbol: string | undefined;
  /** The instrument's price decimals (its tick); undefined until the markets feed has it, and the chart then offers no price. */
  priceDecimals: number | undefined;
  quantityDecimals: number;
  /** The markets feed, whose polls move the current candle (outside React's renders). */
  ticks: TickSource | undefined;
  lines: readonly ChartPriceLine[];
  /** Why the markets feed is stale; undefined while it is live. */
  staleReason: string | undefined;
  /**
   * A price asked for on purpose ("+" on the price scale or a right click, then "Buy/Sell limit
   * at …"), on the instrument's tick, as decimal text, with the side of the order. A plain click,
   * drag or scroll never calls it.
   */
  onPickPrice(price: string, side: Side): void;
  /** The proxy's held orders (every market's; the chart draws its own market's). */
  held?: readonly HeldOrder[];
  /** Sends a held order's new trigger once the trader confirmed it; without it the lines cannot be moved. */
  onMoveHeld?: (orderId: string, triggerPrice: number) => Promise<unknown>;
}

/** Mark candles, index, funding and open interest of one market from the proxy's tape, live with each poll. */
export function PriceChart({ symbol, priceDecimals, quantityDecimals, ticks, lines, staleReason, onPickPrice, held, onMoveHeld }: PriceChartProps) {
  useLocale();
  const chart = usePriceChart(symbol, staleReason, held);
  const { cover, status, series } = chart;
  const decimals = priceDecimals ?? DEFAULT_DECIMALS;
  const { resolution } = chart;
  const lastClose = formatFixed(chart.lastClose, decimals);
  const description = symbol
    ? t`Price chart of ${symbol}, ${resolution} candles, last close ${lastClose}. Use + on the price scale, or a right click, to start an order at a price.`
    : t`Price chart`;
  return (
    <>
      <header className="panel__head chart__head">
        <h2 id="chart-title">{t`Chart`}</h2>
        <span className="chart__symbol">{symbol ?? ''}</span>
        <ChartControls />
        {status ? (
          <span className={`chart__status ${status.stale ? 'chart__status--stale' : ''}`} role="status" data-stale={status.stale} title={status.text}>
            {status.text}
          </span>
        ) : null}
      </header>
      <div className="chart__body" aria-busy={cover?.kind === 'loading'}>
        {symbol && series && cover?.kind !== 'error' ? (
          <Suspense fallback={<p className="empty chart__cover">{t`Loading the chart…`}</p>}>
            <CandleChart
              key={symbol}
              description={description}
              series={series}
              last={chart.last}
              symbol={symbol}
              ticks={ticks}
              resolutionMs={chart.resolutionMs}
              lines={lines}
              heldLines={chart.heldLines}
              heldMarkers={chart.heldMarkers}
              showBasis={chart.showBasis}
              priceDecimals={decimals}
              quantityDecimals={quantityDecimals}
              onPickPrice={priceDecimals === undefined ? undefined : onPickPrice}
              // A trigger moved before the tick is known could not be put on it.
              onMoveHeld={priceDecimals === undefined ? undefined : onMoveHeld}
            />
          </Suspense>
        ) : null}
        {cover ? (
          <p className={`empty chart__cover chart__cover--${cover.kind}`} role={cover.kind === 'error' ? 'alert' : undefined}>
            {cover.text}
          </p>
        ) : null}
      </div>
    </>
  );
}
