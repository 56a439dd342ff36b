import { describe, expect, it } from 'vitest';
import { namedPlacer, utcDay, type HeldOrder } from '@/interface';
import { countedToday } from '@/proxy/desk/heldGate';
import type { Judged } from '@/proxy/desk/rules';

/**
 * What a change of an armed order counts against today's use (desk review F2): an order armed on
 * an earlier day was counted there, so a trader could arm one far-off stop a day and then move
 * them all next to the mark on one day, past that day's limits. Its whole notional counts today.
 */
const TODAY = Date.UTC(2026, 10, 28, 12);
const YESTERDAY = TODAY - 86_400_000;
const MARK = 100_000;

const stop = (createdAt: number): HeldOrder =>
  ({ id: 'h1', type: 'STOP_MARKET', state: 'armed', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.01, trigger_price: 50_000, order_price: null, created_at: createdAt }) as HeldOrder;
/** The rules' judgement of the order after the change: its notional at the mark. */
const judged = (notional: string) => ({ day: utcDay(TODAY), notional }) as Judged;

describe('what a change of a held order counts today', () => {
  it('counts only the increase of an order armed today, and nothing for a smaller quantity or a move that adds none', () => {
    expect(countedToday(stop(TODAY - 1000), { order_quantity: 0.03 }, judged('3000'), MARK).toFixed()).toBe('2000');
    expect(countedToday(stop(TODAY - 1000), { trigger_price: 99_900 }, judged('1000'), MARK).toFixed()).toBe('0');
    expect(countedToday(stop(TODAY - 1000), { order_quantity: 0.005 }, judged('500'), MARK).toFixed()).toBe('0');
  });

  it("counts the whole order when it was armed on an earlier day: that day's room is not today's", () => {
    expect(countedToday(stop(YESTERDAY), { trigger_price: 99_900 }, judged('1000'), MARK).toFixed()).toBe('1000');
    expect(countedToday(stop(YESTERDAY), { order_quantity: 0.03 }, judged('3000'), MARK).toFixed()).toBe('3000');
    // Made smaller, it brings nothing more into play.
    expect(countedToday(stop(YESTERDAY), { order_quantity: 0.005 }, judged('500'), MARK).toFixed()).toBe('0');
  });

  it('counts an earlier day\'s order once a day: moved again, only what it adds over what today counted', () => {
    // Counted 1,000 today by a first move: a second and third move of its trigger add nothing.
    expect(countedToday(stop(YESTERDAY), { trigger_price: 99_950 }, judged('1000'), MARK, '1000').toFixed()).toBe('0');
    expect(countedToday(stop(YESTERDAY), { order_quantity: 0.03 }, judged('3000'), MARK, '1000').toFixed()).toBe('2000');
  });
});

describe('who placed a held order, for who may change it', () => {
  it('is a desk person, never the single-token terminal nor unknown (those are anyone\'s of the account)', () => {
    expect(namedPlacer({ placed_by: 'alice' })).toBe('alice');
    expect(namedPlacer({ placed_by: 'terminal' })).toBeUndefined();
    expect(namedPlacer({ placed_by: null })).toBeUndefined();
    expect(namedPlacer({})).toBeUndefined();
  });
});
