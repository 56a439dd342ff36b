import Big from 'big.js';
import type { HeldOrderPatch, Side } from '@/interface';

/**
 * A TWAP's schedule, as pure functions of what the journal holds (so a restart computes the same
 * thing): slice k (from 0) is due at started_at + k × slice_ms; each judge handles at most one
 * slice, the latest due, and counts the earlier due ones as missed, so a proxy that was down,
 * paused or without a fresh price never sends a burst.
 */
export interface TwapPlan {
  id: string;
  startedAt: number;
  durationMs: number;
  sliceMs: number;
}

/** The TWAPs armed together may use at most half the budget of one batch request a second. */
export const TWAP_BUDGET_SHARE = 0.5;

export const sliceCount = (durationMs: number, sliceMs: number) => Math.max(1, Math.ceil(durationMs / Math.max(1, sliceMs)));

export const sliceDueAt = (plan: TwapPlan, index: number) => plan.startedAt + index * plan.sliceMs;

/** Past this, a TWAP with quantity left has expired: one slice after its end. */
export const twapOverAt = (plan: TwapPlan) => plan.startedAt + plan.durationMs + plan.sliceMs;

/** When a TWAP waiting on `next` has something to do again: its next slice, or the end of its time. */
export function wakeAt(plan: TwapPlan, next: number): number {
  const over = twapOverAt(plan);
  return next >= sliceCount(plan.durationMs, plan.sliceMs) ? over : Math.min(sliceDueAt(plan, next), over);
}

/** What a judge does with a TWAP whose next slice not yet handled is `next`. */
export type TwapStep =
  | { kind: 'wait' }
  | { kind: 'over'; missed: number }
  | { kind: 'due'; index: number; missed: number };

export function nextStep(plan: TwapPlan, next: number, now: number): TwapStep {
  const total = sliceCount(plan.durationMs, plan.sliceMs);
  if (now >= twapOverAt(plan)) return { kind: 'over', missed: Math.max(0, total - next) };
  if (next >= total || now < sliceDueAt(plan, next)) return { kind: 'wait' };
  const latest = Math.min(total - 1, Math.floor((now - plan.startedAt) / plan.sliceMs));
  return { kind: 'due', index: latest, missed: latest - next };
}

/** A number in [-1, 1) from (id, slice), the same on every run: a restart draws the same size. */
export function sliceJitter(id: string, index: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${id}#${index}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // FNV's last characters barely reach the high bits: mixed through (murmur3's finaliser).
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (((hash ^ (hash >>> 16)) >>> 0) / 0x1_0000_0000) * 2 - 1;
}

const floorTo = (value: Big, decimals: number) => value.round(decimals, Big.roundDown);

export interface SliceSizing {
  id: string;
  /** The TWAP's order_quantity and what its slices sent so far. */
  total: number;
  sent: number;
  /** The slice's index (from 0) and the schedule's number of slices. */
  index: number;
  slices: number;
  quantityDecimals: number;
  randomizePercent: number | null;
}

/**
 * A slice's quantity (decimal text): what is left over the slices left (this one included),
 * randomised by ± randomize_percent, rounded down to the quantity step, at least one step and at
 * most twice the planned size (total / slices): missed and skipped quantity is spread over the
 * slices that remain, never caught up at once. The last slice takes what is left, up to that cap.
 * "0" when nothing is left.
 */
export function sliceSize(sizing: SliceSizing): string {
  const { quantityDecimals: decimals } = sizing;
  const left = new Big(String(sizing.total)).minus(String(sizing.sent));
  const step = new Big(`1e${-decimals}`);
  if (left.lt(step)) return '0';
  const cap = floorTo(new Big(String(sizing.total)).div(sizing.slices).times(2), decimals);
  const capped = cap.lt(step) ? step : cap;
  const most = capped.gt(left) ? left : capped;
  const slicesLeft = sizing.slices - sizing.index;
  if (slicesLeft <= 1) return most.toFixed();
  const swing = new Big(String(sizing.randomizePercent ?? 0)).div(100).times(sliceJitter(sizing.id, sizing.index).toFixed(6));
  const size = floorTo(left.div(slicesLeft).times(swing.plus(1)), decimals);
  return (size.lt(step) ? step : size.gt(most) ? most : size).toFixed();
}

/** Why a value is off its market's grid ("… is not a multiple of the price tick 0.1"), or nothing. */
export function offTick(value: number, decimals: number, grid: 'price tick' | 'quantity step' = 'price tick'): string | undefined {
  const step = new Big(`1e${-decimals}`);
  return new Big(String(value)).mod(step).eq(0) ? undefined : `${value} is not a multiple of the ${grid} ${step.toFixed()}`;
}

/** A BUY slice waits while the mark is above price_limit, a SELL slice while it is below. */
export const beyondLimit = (side: Side, mark: number, limit: number | null) =>
  limit !== null && (side === 'BUY' ? mark > limit : mark < limit);

/**
 * An IOC slice's bound: mark plus (BUY) or minus (SELL) max_slippage_percent, on the price tick and
 * never beyond that slippage (a BUY's bound rounds down, a SELL's up).
 */
export function sliceLimitPrice(side: Side, mark: number, percent: number, priceDecimals: number): string {
  const slip = new Big(String(mark)).times(String(percent)).div(100);
  return side === 'BUY'
    ? new Big(String(mark)).plus(slip).round(priceDecimals, Big.roundDown).toFixed()
    : new Big(String(mark)).minus(slip).round(priceDecimals, Big.roundUp).toFixed();
}

/** Why a new TWAP would take more than its share of the request budget (of its slice_ms); or nothing. */
export function budgetIssue(armedSliceMs: readonly number[], sliceMs: number): string | undefined {
  const used = armedSliceMs.reduce((sum, each) => sum.plus(new Big(1000).div(each)), new Big(0));
  const share = new Big(String(TWAP_BUDGET_SHARE));
  // Rounded: three slices of 6 s are exactly the share, not a digit of 1/3 over it.
  if (used.plus(new Big(1000).div(sliceMs)).round(12).lte(share)) return undefined;
  const free = share.minus(used);
  const longer = free.gt(0) ? `a slice_ms of at least ${new Big(1000).div(free).round(0, Big.roundUp).toFixed()}` : 'cancelling a TWAP first';
  return `the TWAPs armed together may send at most ${TWAP_BUDGET_SHARE} requests a second (half the budget of 1 a second); ${armedSliceMs.length} armed already use ${Number(used.toFixed(3))}, so ${sliceMs} ms is too fast: try ${longer}`;
}

/** Why a TWAP's PATCH is refused, naming the field; `sent` is its quantity_sent. */
export function twapPatchIssue(patch: HeldOrderPatch, sent: number): { field: string; message: string } | undefined {
  for (const field of ['trigger_price', 'order_price', 'trailing_distance', 'trailing_percent'] as const) {
    if (patch[field] !== undefined) {
      return { field, message: `a TWAP has no ${field}; change order_quantity, price_limit or max_slippage_percent` };
    }
  }
  if (patch.order_quantity !== undefined && new Big(String(patch.order_quantity)).lt(String(sent))) {
    return { field: 'order_quantity', message: `${patch.order_quantity} is less than the ${sent} its slices already sent` };
  }
  return undefined;
}

export interface TwapCounts {
  total: number;
  sent: number;
  skipped: number;
  missed: number;
}

/** Why a TWAP expired, in words: "time over: 3.5 of 10 not sent (2 slices skipped beyond the price limit, 1 missed)". */
export function expiryReason(counts: TwapCounts): string {
  const left = new Big(String(counts.total)).minus(String(counts.sent)).toFixed();
  const why = [
    counts.skipped > 0 ? `${counts.skipped} ${counts.skipped === 1 ? 'slice' : 'slices'} skipped beyond the price limit` : '',
    counts.missed > 0 ? `${counts.missed} missed` : '',
  ].filter(Boolean);
  return `time over: ${left} of ${counts.total} not sent${why.length ? ` (${why.join(', ')})` : ''}`;
}
