import { describe, expect, it } from 'vitest';
import { checkTicket, utcDay, type LimitSet, type OrderRequest, type TicketState } from '@/interface';

const BTC = 'PERP_BTC_USDC';
const ETH = 'PERP_ETH_USDC';

const limit = (quantity: number, price: number, symbol = BTC): OrderRequest => ({
  symbol, order_type: 'LIMIT', side: 'BUY', order_quantity: quantity, order_price: price,
});
const market = (quantity: number, symbol = BTC): OrderRequest => ({ symbol, order_type: 'MARKET', side: 'BUY', order_quantity: quantity });

function state(orders: OrderRequest[], changes: { user?: LimitSet; account?: LimitSet } & Partial<Omit<TicketState, 'user' | 'account'>> = {}): TicketState {
  const { user = {}, account = {}, ...rest } = changes;
  return {
    orders,
    marks: { [BTC]: '100000', [ETH]: 3000 },
    user: { name: 'alice', limits: user },
    account: { name: 'main', limits: account },
    usedToday: { user: '0', account: '0' },
    openHeld: { user: 0, account: 0 },
    ...rest,
  };
}

describe('a ticket against the desk limits', () => {
  it('counts notionals exactly: 0.1 × 3 is 0.3, and 0.3 + 0.3 + 0.2 is 0.8', () => {
    const check = checkTicket(state([limit(0.1, 3), limit(3, 0.1), limit(0.2, 1)]));
    expect(check).toEqual({ issues: [], notional: '0.8', perOrder: ['0.3', '0.3', '0.2'], needsApproval: false });
  });

  it('prices a MARKET order at the mark, an amount order at its amount, and says it in plain decimals', () => {
    const orders: OrderRequest[] = [
      market(0.003),
      { symbol: ETH, order_type: 'MARKET', side: 'SELL', order_amount: 250.5 },
      { symbol: ETH, order_type: 'BID', side: 'BUY', order_quantity: 0.0000001 },
    ];
    const check = checkTicket(state(orders));
    expect(check.perOrder).toEqual(['300', '250.5', '0.0003']);
    expect(check.notional).toBe('550.5003');
  });

  it('counts a SELL limit below the mark at the mark (it sells there at once), and one above at its price', () => {
    const sell = (price: number): OrderRequest => ({ ...limit(0.01, price), side: 'SELL' });
    expect(checkTicket(state([sell(1), sell(100_500), limit(0.01, 1)])).perOrder).toEqual(['1000', '1005', '0.01']);
    // Over a limit the mark makes it break: its value is the mark's notional, not the 0.01 its price would say.
    const check = checkTicket(state([sell(1)], { user: { maxOrderNotional: '500', approvalAbove: '100' } }));
    expect(check.issues).toMatchObject([{ code: 'maxOrderNotional', scope: 'user', row: 0, value: '1000' }]);
    expect(check.needsApproval).toBe(true);
    // Without a mark it counts at its price, as before.
    expect(checkTicket(state([sell(1)], { marks: {} })).perOrder).toEqual(['0.01']);
  });

  it('passes a ticket with no limits at all, even without a mark', () => {
    expect(checkTicket(state([market(1)], { marks: {} }))).toEqual({ issues: [], notional: '0', perOrder: ['0'], needsApproval: false });
  });

  it('names the kill switch of each scope', () => {
    const check = checkTicket(state([limit(1, 1)], { user: { tradingOff: true }, account: { tradingOff: true } }));
    expect(check.issues).toEqual([
      { code: 'tradingOff', scope: 'user', name: 'alice' },
      { code: 'tradingOff', scope: 'account', name: 'main' },
    ]);
    expect(checkTicket(state([limit(1, 1)], { user: { tradingOff: false } })).issues).toEqual([]);
  });

  it('names each row whose symbol a scope does not allow', () => {
    const check = checkTicket(state([limit(1, 1, BTC), limit(1, 1, ETH), limit(1, 2, ETH)], { account: { symbols: [BTC] }, user: { symbols: [BTC, ETH] } }));
    expect(check.issues).toEqual([
      { code: 'symbol', scope: 'account', name: 'main', row: 1, symbol: ETH },
      { code: 'symbol', scope: 'account', name: 'main', row: 2, symbol: ETH },
    ]);
    expect(checkTicket(state([limit(1, 1)], { user: { symbols: [] } })).issues).toEqual([{ code: 'symbol', scope: 'user', name: 'alice', row: 0, symbol: BTC }]);
  });

  it('names each order over a per-order limit, and lets one exactly at it through', () => {
    const check = checkTicket(state([limit(0.1, 3), limit(0.1, 3.0000001), market(0.000004)], { user: { maxOrderNotional: '0.3' }, account: { maxOrderNotional: '0.35' } }));
    expect(check.issues).toEqual([
      { code: 'maxOrderNotional', scope: 'user', name: 'alice', row: 1, symbol: BTC, limit: '0.3', value: '0.30000001' },
      { code: 'maxOrderNotional', scope: 'user', name: 'alice', row: 2, symbol: BTC, limit: '0.3', value: '0.4' },
      { code: 'maxOrderNotional', scope: 'account', name: 'main', row: 2, symbol: BTC, limit: '0.35', value: '0.4' },
    ]);
  });

  it('names a ticket over a per-ticket limit, and lets one exactly at it through', () => {
    const orders = [limit(0.1, 3), limit(0.2, 3)];
    expect(checkTicket(state(orders, { user: { maxTicketNotional: '0.9' } })).issues).toEqual([]);
    expect(checkTicket(state(orders, { account: { maxTicketNotional: '0.89999999' } })).issues).toEqual([
      { code: 'maxTicketNotional', scope: 'account', name: 'main', limit: '0.89999999', value: '0.9' },
    ]);
  });

  it("adds today's use to the ticket for the per-day limit", () => {
    const orders = [limit(0.1, 3)];
    const usedToday = { user: '9.7', account: '9.70000001' };
    const limits = { user: { maxDayNotional: '10' }, account: { maxDayNotional: '10' } };
    expect(checkTicket(state(orders, { ...limits, usedToday })).issues).toEqual([
      { code: 'maxDayNotional', scope: 'account', name: 'main', limit: '10', value: '10.00000001' },
    ]);
  });

  it('counts open held orders only for a ticket that adds some', () => {
    const limits = { user: { maxOpenHeld: 2 }, account: { maxOpenHeld: 5 } };
    const openHeld = { user: 2, account: 4 };
    // Already over (the limit was lowered): an ordinary ticket adds no held order, so it passes.
    expect(checkTicket(state([limit(1, 1)], { ...limits, openHeld: { user: 3, account: 6 } })).issues).toEqual([]);
    expect(checkTicket(state([limit(1, 1)], { ...limits, openHeld: { user: 1, account: 4 }, heldAdding: 1 })).issues).toEqual([]);
    expect(checkTicket(state([limit(1, 1)], { ...limits, openHeld, heldAdding: 2 })).issues).toEqual([
      { code: 'maxOpenHeld', scope: 'user', name: 'alice', limit: '2', value: '4' },
      { code: 'maxOpenHeld', scope: 'account', name: 'main', limit: '5', value: '6' },
    ]);
  });

  it('refuses a MARKET order without a mark wherever an amount limit needs its notional', () => {
    const orders = [limit(1, 1), market(1, ETH), market(1)];
    const marks = { [BTC]: 'not a price', [ETH]: 0 };
    expect(checkTicket(state(orders, { marks, account: { maxDayNotional: '100' } })).issues).toEqual([
      { code: 'noMark', scope: 'account', name: 'main', row: 1, symbol: ETH },
      { code: 'noMark', scope: 'account', name: 'main', row: 2, symbol: BTC },
    ]);
    expect(checkTicket(state([market(1)], { marks: {}, user: { approvalAbove: '5' } })).issues).toEqual([{ code: 'noMark', scope: 'user', name: 'alice', row: 0, symbol: BTC }]);
    // The account has no approval threshold: that one is the user's alone.
    expect(checkTicket(state([market(1)], { marks: {}, account: { approvalAbove: '5', maxOpenHeld: 1, symbols: [BTC] } })).issues).toEqual([]);
  });

  it('collects every issue, never stopping at the first, in the order of the checks', () => {
    const user: LimitSet = { tradingOff: true, symbols: [ETH], maxOrderNotional: '1', maxTicketNotional: '1', maxDayNotional: '1', maxOpenHeld: 0 };
    const check = checkTicket(state([limit(2, 1), market(1, 'PERP_SOL_USDC')], { user, heldAdding: 1 }));
    expect(check.issues.map((issue) => `${issue.code}:${issue.row ?? ''}`)).toEqual([
      'tradingOff:', 'symbol:0', 'symbol:1', 'maxOrderNotional:0', 'maxTicketNotional:', 'maxDayNotional:', 'maxOpenHeld:', 'noMark:1',
    ]);
  });

  it("asks for approval over the user's threshold only, not at it", () => {
    const orders = [limit(0.1, 3), limit(0.2, 3)];
    expect(checkTicket(state(orders, { user: { approvalAbove: '0.9' } })).needsApproval).toBe(false);
    expect(checkTicket(state(orders, { user: { approvalAbove: '0.8999' } })).needsApproval).toBe(true);
    expect(checkTicket(state(orders, { account: { approvalAbove: '0' } })).needsApproval).toBe(false);
  });

  it('asks for approval once the day sent without approval would pass the approval-free day (splitting under the threshold)', () => {
    const orders = [limit(0.1, 3)];
    const user: LimitSet = { approvalAbove: '1', approvalFreeDay: '1' };
    // Each ticket of 0.3 is under the threshold; the fourth takes the day's 0.9 past 1.
    expect(checkTicket(state(orders, { user, approvalFreeToday: '0.6' }))).toMatchObject({ needsApproval: false });
    expect(checkTicket(state(orders, { user, approvalFreeToday: '0.7' })).approvalFor).toBeUndefined();
    expect(checkTicket(state(orders, { user, approvalFreeToday: '0.7000001' }))).toMatchObject({ needsApproval: true, approvalFor: 'day' });
    // Over the threshold itself, that is the reason given.
    expect(checkTicket(state([limit(1, 3)], { user, approvalFreeToday: '0.9' }))).toMatchObject({ needsApproval: true, approvalFor: 'ticket' });
    // Sent approved, use of the day (usedToday) does not count: only what went without approval.
    expect(checkTicket(state(orders, { user, usedToday: { user: '50', account: '50' } })).needsApproval).toBe(false);
    // Without a mark the notional is unknown: it fails closed like the threshold.
    expect(checkTicket(state([market(1)], { marks: {}, user: { approvalFreeDay: '5' } })).issues).toMatchObject([{ code: 'noMark', scope: 'user' }]);
  });
});

describe('the UTC day', () => {
  it('rolls at UTC midnight', () => {
    const midnight = Date.UTC(2026, 10, 26);
    expect(utcDay(midnight - 1)).toBe('2026-11-25');
    expect(utcDay(midnight)).toBe('2026-11-26');
    expect(utcDay(0)).toBe('1970-01-01');
  });
});
