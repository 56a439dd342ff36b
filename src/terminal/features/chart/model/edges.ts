import { plural } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import type { ChartPriceLine } from './priceLines';

/** The prices the price pane shows now, bottom to top. */
export interface VisibleRange {
  low: number;
  high: number;
}

/** How many orders (sent or drafted) are priced beyond each edge of the price pane. */
export interface OffscreenOrders {
  above: number;
  below: number;
}

/**
 * The orders a line stands for that the pane does not show: a line outside the range is not
 * drawn, and an order the trader cannot see is one they forget. No range yet (no candles drawn)
 * counts nothing.
 */
export function offscreenOrders(lines: readonly ChartPriceLine[], range: VisibleRange | undefined): OffscreenOrders {
  const counted = { above: 0, below: 0 };
  if (!range) return counted;
  for (const line of lines) {
    if (line.price > range.high) counted.above += line.count;
    else if (line.price < range.low) counted.below += line.count;
  }
  return counted;
}

/** The edge markers' words, one per edge with orders beyond it. */
export function edgeNotes({ above, below }: OffscreenOrders): { above?: string; below?: string } {
  return {
    above: above > 0 ? plural(above, { one: '▲ # order above', other: '▲ # orders above' }) : undefined,
    below: below > 0 ? plural(below, { one: '▼ # order below', other: '▼ # orders below' }) : undefined,
  };
}

