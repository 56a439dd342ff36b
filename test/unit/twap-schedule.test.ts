import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  beyondLimit,
  budgetIssue,
  expiryReason,
  nextStep,
  sliceCount,
  sliceJitter,
  sliceLimitPrice,
  sliceSize,
  twapPatchIssue,
  wakeAt,
  type TwapPlan,
} from '@/proxy/held/twap';

const plan: TwapPlan = { id: 'held-1', startedAt: 1_000_000, durationMs: 60_000, sliceMs: 10_000 };

/** The sizes a schedule sends when every slice goes, in order. */
function sizes(total: number, slices: number, randomizePercent: number | null, send = (_index: number) => true): string[] {
  let sent = new Big(0);
  const out: string[] = [];
  for (let index = 0; index < slices; index++) {
    if (!send(index)) continue;
    const size = sliceSize({ id: 'held-1', total, sent: Number(sent), index, slices, quantityDecimals: 4, randomizePercent });
    out.push(size);
    sent = sent.plus(size);
  }
  return out;
}

const sum = (values: string[]) => Number(values.reduce((total, value) => total.plus(value), new Big(0)));

describe('a TWAP’s schedule', () => {
  it('counts its slices and says when the next one is due: the latest due, the earlier ones missed', () => {
    expect(sliceCount(60_000, 10_000)).toBe(6);
    expect(sliceCount(65_000, 10_000)).toBe(7);
    expect(nextStep(plan, 0, plan.startedAt)).toEqual({ kind: 'due', index: 0, missed: 0 });
    expect(nextStep(plan, 1, plan.startedAt + 9_999)).toEqual({ kind: 'wait' });
    expect(nextStep(plan, 1, plan.startedAt + 10_000)).toEqual({ kind: 'due', index: 1, missed: 0 });
    // Down for 35 s: slices 1, 2 and 3 were due; 1 and 2 are missed, only 3 goes.
    expect(nextStep(plan, 1, plan.startedAt + 35_000)).toEqual({ kind: 'due', index: 3, missed: 2 });
    // Never beyond the last slice, and nothing after it until the time is over.
    expect(nextStep(plan, 2, plan.startedAt + 65_000)).toEqual({ kind: 'due', index: 5, missed: 3 });
    expect(nextStep(plan, 6, plan.startedAt + 65_000)).toEqual({ kind: 'wait' });
    expect(nextStep(plan, 6, plan.startedAt + 70_000)).toEqual({ kind: 'over', missed: 0 });
    expect(nextStep(plan, 4, plan.startedAt + 70_000)).toEqual({ kind: 'over', missed: 2 });
    // A poll looks at it again only then: the next due time, or the end of its time.
    expect(wakeAt(plan, 2)).toBe(plan.startedAt + 20_000);
    expect(wakeAt(plan, 6)).toBe(plan.startedAt + 70_000);
  });

  it('sizes slices down to the step, summing to the total', () => {
    expect(sizes(1, 6, null)).toEqual(['0.1666', '0.1666', '0.1667', '0.1667', '0.1667', '0.1667']);
    expect(sum(sizes(1, 6, null))).toBe(1);
    const random = sizes(0.7531, 6, 20);
    expect(sum(random)).toBe(0.7531);
    expect(new Set(random).size).toBeGreaterThan(1);
    for (const size of random) expect(Number(size)).toBeLessThanOrEqual(0.251);
  });

  it('randomises deterministically from (id, slice): a restart draws the same size', () => {
    expect(sliceJitter('held-1', 3)).toBe(sliceJitter('held-1', 3));
    expect(sliceJitter('held-1', 3)).not.toBe(sliceJitter('held-1', 4));
    const draws = Array.from({ length: 200 }, (_, index) => sliceJitter('held-x', index));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(-1);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(Math.min(...draws)).toBeLessThan(-0.8);
    expect(Math.max(...draws)).toBeGreaterThan(0.8);
  });

  it('spreads missed quantity over the slices left, never more than twice the planned size', () => {
    // Slices 0 to 3 missed: slice 4 takes half of what is left, capped at 2 × 1/6.
    const late = sizes(1, 6, null, (index) => index >= 4);
    expect(late).toEqual(['0.3333', '0.3333']);
    // One slice missed in the middle: the rest grow a little.
    const one = sizes(1, 6, null, (index) => index !== 1);
    expect(one).toEqual(['0.1666', '0.2083', '0.2083', '0.2084', '0.2084']);
    expect(sum(one)).toBe(1);
    // At least one step while something is left, and "0" when nothing is.
    expect(sliceSize({ id: 'a', total: 0.001, sent: 0, index: 0, slices: 30, quantityDecimals: 4, randomizePercent: null })).toBe('0.0001');
    expect(sliceSize({ id: 'a', total: 0.001, sent: 0.001, index: 5, slices: 30, quantityDecimals: 4, randomizePercent: null })).toBe('0');
  });

  it('bounds an IOC slice by the slippage, on the tick, never beyond it', () => {
    expect(sliceLimitPrice('BUY', 100_000, 0.5, 1)).toBe('100500');
    expect(sliceLimitPrice('BUY', 100.07, 0.3, 2)).toBe('100.37');
    expect(sliceLimitPrice('SELL', 100.07, 0.3, 2)).toBe('99.77');
    expect(sliceLimitPrice('SELL', 99_999.9, 1, 1)).toBe('99000');
  });

  it('skips beyond the price limit: a BUY above it, a SELL below it', () => {
    expect(beyondLimit('BUY', 101, 100)).toBe(true);
    expect(beyondLimit('BUY', 100, 100)).toBe(false);
    expect(beyondLimit('SELL', 99, 100)).toBe(true);
    expect(beyondLimit('SELL', 100, 100)).toBe(false);
    expect(beyondLimit('SELL', 1, null)).toBe(false);
  });

  it('keeps the TWAPs within half the request budget', () => {
    expect(budgetIssue([], 2_000)).toBeUndefined();
    expect(budgetIssue([4_000], 4_000)).toBeUndefined();
    expect(budgetIssue([6_000, 6_000], 6_000)).toBeUndefined();
    expect(budgetIssue([2_000], 60_000)).toMatch(/cancelling a TWAP first/);
    expect(budgetIssue([4_000], 3_000)).toMatch(/at most 0\.5 requests a second.*try a slice_ms of at least 4000/);
  });

  it('refuses a PATCH of what a TWAP does not have, or below what it sent, naming the field', () => {
    expect(twapPatchIssue({ trigger_price: 1 }, 0)?.field).toBe('trigger_price');
    expect(twapPatchIssue({ order_quantity: 0.5 }, 0.6)).toEqual({ field: 'order_quantity', message: '0.5 is less than the 0.6 its slices already sent' });
    expect(twapPatchIssue({ order_quantity: 0.6, price_limit: 1 }, 0.6)).toBeUndefined();
  });

  it('says why it expired in words', () => {
    expect(expiryReason({ total: 10, sent: 6.5, skipped: 2, missed: 1 })).toBe('time over: 3.5 of 10 not sent (2 slices skipped beyond the price limit, 1 missed)');
    expect(expiryReason({ total: 1, sent: 0.9, skipped: 0, missed: 0 })).toBe('time over: 0.1 of 1 not sent');
  });
});
