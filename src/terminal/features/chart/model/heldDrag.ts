import { t } from '@lingui/core/macro';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import Big from 'big.js';
import { crossedAlready, firesAsMarkFalls, limitRestsBeyond } from '@/interface';
import { formatFixed, groupDecimalText } from '@/terminal/shared/format/number';
import type { VisibleRange } from './edges';
import type { HeldKind } from './heldLines';
import { snapToTick } from './snap';

/** The price pane's height and the prices at its edges: its scale is linear between them. */
export interface PaneScale {
  height: number;
  range: VisibleRange;
}

/** Where a price is drawn on the pane, in pixels from its top (outside 0…height when off it). */
export function yAtPrice(price: number, { height, range }: PaneScale): number {
  return ((range.high - price) / (range.high - range.low)) * height;
}

/** The price at a height on the pane (a float: see snapToTick). */
export function priceAtY(y: number, { height, range }: PaneScale): number {
  return range.high - (y / height) * (range.high - range.low);
}

/** A line dragged to a height: the price there, on the instrument's tick, as decimal text; undefined at or below zero. */
export function draggedPrice(y: number, scale: PaneScale, priceDecimals: number): string | undefined {
  if (scale.height <= 0 || scale.range.high <= scale.range.low) return undefined;
  return snapToTick(priceAtY(y, scale), priceDecimals);
}

/** One tick up (+1) or down (-1) from a price on the tick; undefined where it would reach zero. */
export function nudgedPrice(price: string, direction: 1 | -1, priceDecimals: number): string | undefined {
  const decimals = Math.max(0, Math.min(12, Math.trunc(priceDecimals)));
  const next = new Big(price).plus(new Big(1).div(new Big(10).pow(decimals)).times(direction));
  return next.gt(0) ? next.toFixed(decimals) : undefined;
}

/** A line's price as the tick's text, where a drag or the arrow keys start from. */
export const tickText = (price: number, priceDecimals: number): string => snapToTick(price, priceDecimals) ?? String(price);

/** The confirmation's question: "Move stop trigger 61,200.0 → 61,050.0?". */
export function moveQuestion(kind: HeldKind, from: number, to: string, priceDecimals: number): string {
  const was = formatFixed(from, priceDecimals);
  const now = groupDecimalText(to);
  return kind === 'take-profit' ? t`Move take-profit trigger ${was} → ${now}?` : t`Move stop trigger ${was} → ${now}?`;
}

/**
 * Whether a stop or take-profit moved to `trigger` fires at once at `mark`: a SELL stop fires at
 * mark ≤ trigger, a BUY stop at mark ≥ trigger, a take-profit the other way. Said in the question,
 * as the ticket says it when one is armed.
 */
export function movedTriggerCrossed(kind: HeldKind, side: 'BUY' | 'SELL', trigger: string, mark: number | undefined, priceDecimals: number): string | undefined {
  if (mark === undefined || !(mark > 0) || (kind !== 'stop' && kind !== 'take-profit')) return undefined;
  const stop = kind === 'stop';
  if (!crossedAlready(side, stop, new Big(mark).cmp(trigger))) return undefined;
  const markPrice = formatFixed(mark, priceDecimals);
  return firesAsMarkFalls(side, stop)
    ? t`The mark ${markPrice} is already at or below this trigger: it fires at once`
    : t`The mark ${markPrice} is already at or above this trigger: it fires at once`;
}

/**
 * Whether a stop limit or take-profit limit whose trigger moves to `trigger` would send its limit
 * `limit` beyond it (a buy limit below its trigger, a sell above): it may rest unfilled when it
 * fires. Said in the question, as the panel's Modify and the ticket say it.
 */
export function movedLimitRests(side: 'BUY' | 'SELL', trigger: string, limit: number | undefined, priceDecimals: number): string | undefined {
  if (limit === undefined || !(limit > 0) || !limitRestsBeyond(side, new Big(limit).cmp(trigger))) return undefined;
  const price = groupDecimalText(new Big(trigger).toFixed(priceDecimals));
  return side === 'BUY'
    ? t`Below the trigger ${price}: when it fires, a buy at this limit may rest unfilled`
    : t`Above the trigger ${price}: when it fires, a sell at this limit may rest unfilled`;
}
