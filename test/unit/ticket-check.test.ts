import { describe, expect, it } from 'vitest';
import type { Duration } from '@/interface';
import { checkTicket, type TicketContext } from '@/terminal/features/ticket/model/checkTicket';
import { Big } from '@/terminal/features/ticket/model/decimal';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { messageFor, messagesOf } from '@/terminal/features/ticket/messages';
import type { DraftRow, MarketContext } from '@/terminal/features/ticket/model/types';

const duration = (id: string, title: string, extra: Partial<Duration> = {}): Duration => ({
  id,
  title,
  hasDatePicker: false,
  hasTimePicker: false,
  default: false,
  supportedOrderTypes: ['limit'],
  ...extra,
});
const durations: Duration[] = [
  duration('GTC', 'Good till cancelled', { default: true }),
  duration('IOC', 'Immediate or cancel'),
  duration('FOK', 'Fill or kill'),
  duration('POST_ONLY', 'Post only'),
  duration('GTD', 'Good till date', { hasDatePicker: true }),
  duration('GTT', 'Good till time', { hasTimePicker: true }),
];
const btc: MarketContext = { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 };
const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 };
const context: TicketContext = {
  markets: new Map([
    [btc.symbol, btc],
    [eth.symbol, eth],
  ]),
  durations,
  usedClientOrderIds: new Set(['used-1']),
};

/** The trader turned the market orders' slippage bound off: they go as MARKET. */
const unbounded: TicketContext = { ...context, marketSlippage: null };

let nextId = 0;
const limit = (extra: Partial<DraftRow> = {}): DraftRow => ({
  ...newDraftRow(durations, 'PERP_BTC_USDC'),
  clientOrderId: `c-${(nextId += 1)}`,
  price: '100012.50',
  size: '0.1',
  ...extra,
});
const market = (extra: Partial<DraftRow> = {}): DraftRow =>
  limit({ kind: 'market', durationId: '', price: '', ...extra });

/** The check with its issues and blockers in the words the terminal shows. */
const check = (drafts: DraftRow[], ctx: TicketContext = context) => {
  const result = checkTicket(drafts, ctx);
  return {
    ...result,
    rows: result.rows.map((row) => ({ ...row, errors: messagesOf(row.issues) })),
    blockers: result.blockers.map(messageFor),
  };
};
const errorsOf = (draft: DraftRow, ctx: TicketContext = context) => {
  const result = check([draft], ctx);
  expect(result.orders).toEqual([]);
  return result.rows[0]?.errors;
};
const orderOf = (draft: DraftRow) => {
  const result = check([draft]);
  expect(result.rows[0]?.errors).toEqual({});
  expect(result.blockers).toEqual([]);
  return result.orders[0];
};

describe('the orders checkTicket sends', () => {
  it('sends the trader’s digits as JSON numbers', () => {
    expect(orderOf(limit({ clientOrderId: 'grid-1', price: '100012.50', size: '0.1' }))).toEqual({
      symbol: 'PERP_BTC_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      client_order_id: 'grid-1',
      order_price: 100012.5,
      order_quantity: 0.1,
      margin_mode: 'CROSS',
    });
    expect(orderOf(limit({ price: '100012.3', size: '0.0003' }))).toMatchObject({ order_price: 100012.3, order_quantity: 0.0003 });
  });

  it.each([
    ['GTC', 'LIMIT'],
    ['', 'LIMIT'],
    ['IOC', 'IOC'],
    ['FOK', 'FOK'],
    ['POST_ONLY', 'POST_ONLY'],
  ])('maps duration %j to order_type %s', (durationId, orderType) => {
    expect(orderOf(limit({ durationId }))?.order_type).toBe(orderType);
  });

  it('sends a limit order as LIMIT when the config offers no limit duration', () => {
    const result = check([limit({ durationId: '' })], { ...context, durations: [] });
    expect(result.orders[0]?.order_type).toBe('LIMIT');
  });

  it('sends a market order with the bound off as MARKET without a price, sized by quantity or by amount', () => {
    const orderOf = (draft: DraftRow) => check([draft], unbounded).orders[0];
    expect(orderOf(market({ side: 'SELL', price: '99999', size: '0.25' }))).toEqual({
      symbol: 'PERP_BTC_USDC',
      order_type: 'MARKET',
      side: 'SELL',
      client_order_id: expect.any(String) as string,
      order_quantity: 0.25,
      margin_mode: 'CROSS',
    });
    const byAmount = orderOf(market({ size: '2500.00', sizeUnit: 'amount' }));
    expect(byAmount?.order_amount).toBe(2500);
    expect(byAmount).not.toHaveProperty('order_quantity');
    expect(byAmount).not.toHaveProperty('order_price');
  });

  it('sends visible quantity, a trimmed tag and client id, margin mode, and leaves out what is empty', () => {
    expect(
      orderOf(limit({ visibleQuantity: '0', tag: '  grid  ', clientOrderId: ' a-1 ', marginMode: 'ISOLATED', side: 'SELL' })),
    ).toMatchObject({ visible_quantity: 0, order_tag: 'grid', client_order_id: 'a-1', margin_mode: 'ISOLATED', side: 'SELL' });
    const bare = orderOf(limit({ clientOrderId: '', tag: '   ' }));
    expect(Object.keys(bare ?? {}).sort()).toEqual(['margin_mode', 'order_price', 'order_quantity', 'order_type', 'side', 'symbol']);
  });

  it('sends every order in row order', () => {
    const drafts = [limit({ price: '100000' }), limit({ symbol: 'PERP_ETH_USDC', price: '3500.25', size: '1' })];
    expect(check(drafts).orders.map((order) => [order.symbol, order.order_price])).toEqual([
      ['PERP_BTC_USDC', 100000],
      ['PERP_ETH_USDC', 3500.25],
    ]);
  });
});

describe('checkTicket rules', () => {
  it('needs a known market', () => {
    expect(errorsOf(limit({ symbol: '' }))).toEqual({ symbol: 'Pick a market' });
    expect(errorsOf(limit({ symbol: 'PERP_XYZ_USDC' }))).toEqual({ symbol: 'Unknown market PERP_XYZ_USDC' });
  });

  it('needs a duration the config offers for the order kind', () => {
    expect(errorsOf(limit({ durationId: 'DAY' }))).toEqual({ durationId: 'DAY is not offered for limit orders; pick another' });
    const marketDay = duration('DAY', 'Day', { supportedOrderTypes: ['market'] });
    expect(errorsOf(market({ durationId: 'GTC' }), { ...context, durations: [...durations, marketDay] })).toEqual({
      durationId: 'GTC is not offered for market orders; pick another',
    });
  });

  it('refuses a duration that asks for an expiry date or time', () => {
    expect(errorsOf(limit({ durationId: 'GTD' }))).toEqual({
      expiry: 'Good till date needs an expiry, which a batch order cannot carry: pick another duration',
    });
    expect(errorsOf(limit({ durationId: 'GTT' }))).toEqual({
      expiry: 'Good till time needs an expiry, which a batch order cannot carry: pick another duration',
    });
  });

  it.each([
    ['', 'Enter a price'],
    ['  ', 'Enter a price'],
    ['abc', 'Enter a positive number, like 100012.5'],
    ['0', 'Enter a positive number, like 100012.5'],
    ['-100000', 'Enter a positive number, like 100012.5'],
    ['1e5', 'Enter a positive number, like 100012.5'],
    ['100012.55', 'Use a multiple of the tick 0.1'],
    ['110000.1', 'More than 10% above mark 100,000.0'],
    ['89999.9', 'More than 10% below mark 100,000.0'],
  ])('price %j', (price, message) => {
    expect(errorsOf(limit({ price }))).toEqual({ price: message });
  });

  it('accepts a price right on the edge of the band, and judges the tick per market', () => {
    expect(check([limit({ price: '110000' }), limit({ price: '90000.0' })]).blockers).toEqual([]);
    expect(errorsOf(limit({ symbol: 'PERP_ETH_USDC', price: '3500.255', size: '1' }))).toEqual({
      price: 'Use a multiple of the tick 0.01',
    });
  });

  it.each([
    [{ size: '' }, 'Enter a quantity'],
    [{ size: 'x' }, 'Enter a positive number'],
    [{ size: '0' }, 'Enter a positive number'],
    [{ size: '-1' }, 'Enter a positive number'],
    [{ size: '0.00015' }, 'Use a multiple of the step 0.0001'],
    [{ size: '100', sizeUnit: 'amount' as const }, 'Only market orders can be sized by amount'],
    [{ size: '100', sizeUnit: 'amount' as const, durationId: 'IOC' }, 'Only market orders can be sized by amount'],
  ])('size %j', (extra, message) => {
    expect(errorsOf(limit(extra))).toEqual({ size: message });
  });

  it('needs an amount for a market order sized by amount, on no step', () => {
    expect(errorsOf(market({ size: '', sizeUnit: 'amount' }))).toEqual({ size: 'Enter an amount' });
    expect(check([market({ size: '10.123456', sizeUnit: 'amount' })]).blockers).toEqual([]);
    expect(errorsOf(market({ size: '0.00001' }))).toEqual({ size: 'Use a multiple of the step 0.0001' });
  });

  it.each([
    [{ visibleQuantity: 'x' }, 'Enter a number, or leave empty to show it all'],
    [{ visibleQuantity: '0.2' }, 'Cannot exceed the quantity'],
    [{ visibleQuantity: '0.00005' }, 'Use a multiple of the step 0.0001'],
    [{ visibleQuantity: '0.05', durationId: 'IOC' }, 'Does not apply to IOC orders; leave it empty'],
    [{ visibleQuantity: '0.05', durationId: 'FOK' }, 'Does not apply to FOK orders; leave it empty'],
  ])('visible quantity %j', (extra, message) => {
    expect(errorsOf(limit(extra))).toEqual({ visibleQuantity: message });
  });

  it('allows a visible quantity from 0 up to the quantity, on limit and post-only orders', () => {
    const drafts = [limit({ visibleQuantity: '0' }), limit({ visibleQuantity: '0.1' }), limit({ visibleQuantity: '0.05', durationId: 'POST_ONLY' })];
    expect(check(drafts).blockers).toEqual([]);
  });

  it('refuses a visible quantity on market orders and with an amount', () => {
    expect(errorsOf(market({ visibleQuantity: '0.05' }))).toEqual({ visibleQuantity: 'Does not apply to MARKET orders; leave it empty' });
    expect(errorsOf(limit({ visibleQuantity: '1', size: '100', sizeUnit: 'amount' }))).toEqual({
      size: 'Only market orders can be sized by amount',
      visibleQuantity: 'Not with an amount',
    });
  });

  it('allows a tag of up to 128 characters', () => {
    expect(check([limit({ tag: 't'.repeat(128) })]).blockers).toEqual([]);
    expect(errorsOf(limit({ tag: 't'.repeat(129) }))).toEqual({ tag: 'At most 128 characters' });
  });

  it.each([
    ['a'.repeat(37), 'At most 36 characters'],
    ['-abc', 'Letters, digits and "-" only, not starting with "-"'],
    ['a_b', 'Letters, digits and "-" only, not starting with "-"'],
    ['a b', 'Letters, digits and "-" only, not starting with "-"'],
    ['used-1', 'Already used by an order in the journal'],
  ])('client order id %j', (clientOrderId, message) => {
    expect(errorsOf(limit({ clientOrderId }))).toEqual({ clientOrderId: message });
  });

  it('accepts a 36-character client order id', () => {
    expect(orderOf(limit({ clientOrderId: `A${'b-9'.repeat(11)}zz` }))?.client_order_id).toHaveLength(36);
  });

  it('names the first order that already uses a client order id in the ticket', () => {
    const result = check([limit({ clientOrderId: 'x-1' }), limit(), limit({ clientOrderId: 'x-1' }), limit({ clientOrderId: ' x-1' })]);
    expect(result.rows.map((row) => row.errors.clientOrderId)).toEqual([
      undefined,
      undefined,
      'Also used by order 1 of this ticket',
      'Also used by order 1 of this ticket',
    ]);
    expect(result.blockers).toEqual(['Fix 2 of 4 orders first']);
    expect(result.orders).toEqual([]);
  });
});

describe('a market without a usable mark', () => {
  it('says so on the price instead of failing', () => {
    for (const mark of [0, -5, Number.NaN]) {
      const broken = { ...btc, mark_price: mark };
      const check = checkTicket([limit()], { ...context, markets: new Map([[btc.symbol, broken]]) });
      expect(messagesOf(check.rows[0]?.issues ?? {}).price).toBe('No usable mark price for PERP_BTC_USDC yet');
      expect(check.orders).toEqual([]);
    }
  });
});

describe('ticket blockers', () => {
  it('blocks an empty ticket', () => {
    const result = check([]);
    expect(result.blockers).toEqual(['The ticket has no orders']);
    expect(result.summary).toMatchObject({ orders: 0, legs: [], requests: 0, seconds: 0, furthestFromMark: null });
  });

  it('asks to fix the one order, or counts the orders to fix', () => {
    expect(check([limit({ price: '' })]).blockers).toEqual(['Fix the order first']);
    expect(check([limit({ price: '' }), limit()]).blockers).toEqual(['Fix 1 of 2 orders first']);
  });
});

describe('ticket summary', () => {
  const drafts = [
    limit({ price: '100000.0', size: '0.1' }),
    limit({ price: '99000.5', size: '0.2' }),
    limit({ side: 'SELL', price: '108000', size: '0.3' }),
    market({ symbol: 'PERP_ETH_USDC', size: '1.5' }),
    market({ symbol: 'PERP_ETH_USDC', side: 'SELL', size: '1000', sizeUnit: 'amount' }),
  ];

  it('sums each symbol and side exactly, pricing market quantities at mark', () => {
    const { legs, totalNotional, orders } = check(drafts, unbounded).summary;
    expect(orders).toBe(5);
    expect(legs.map((leg) => [leg.symbol, leg.side, leg.orders, leg.quantity.toFixed(), leg.notional.toFixed()])).toEqual([
      ['PERP_BTC_USDC', 'BUY', 2, '0.3', '29800.1'],
      ['PERP_BTC_USDC', 'SELL', 1, '0.3', '32400'],
      ['PERP_ETH_USDC', 'BUY', 1, '1.5', '5250'],
      ['PERP_ETH_USDC', 'SELL', 1, '0', '1000'],
    ]);
    expect(totalNotional.eq(new Big('68450.1'))).toBe(true);
    // Bounded, the amount becomes 1000 ÷ 3482.50 = 0.287 ETH, worth 1004.5 at the mark.
    const bounded = check(drafts).summary;
    expect(bounded.legs.at(-1)?.quantity.toFixed()).toBe('0.287');
    expect(bounded.totalNotional.toFixed()).toBe('68454.6');
  });

  it('lists the orders as sent for the confirmation: type, duration, side, quantity, price or bound, notional', () => {
    const groups = check([...drafts, limit({ durationId: 'POST_ONLY', price: '99000', size: '0.1' })]).summary.groups;
    const line = (group: (typeof groups)[number]) =>
      [group.symbol, group.side, group.orderType, group.market, group.duration, group.orders, group.quantity.toFixed(), group.lowPrice?.toFixed(), group.highPrice?.toFixed(), group.notional.toFixed()];
    expect(groups.map(line)).toEqual([
      ['PERP_BTC_USDC', 'BUY', 'LIMIT', false, 'Good till cancelled', 2, '0.3', '99000.5', '100000', '29800.1'],
      ['PERP_BTC_USDC', 'SELL', 'LIMIT', false, 'Good till cancelled', 1, '0.3', '108000', '108000', '32400'],
      ['PERP_ETH_USDC', 'BUY', 'IOC', true, undefined, 1, '1.5', '3517.5', '3517.5', '5250'],
      ['PERP_ETH_USDC', 'SELL', 'IOC', true, undefined, 1, '0.287', '3482.5', '3482.5', '1004.5'],
      ['PERP_BTC_USDC', 'BUY', 'POST_ONLY', false, 'Post only', 1, '0.1', '99000', '99000', '9900'],
    ]);
    const off = check(drafts, unbounded).summary.groups.at(-1)!;
    expect([off.orderType, off.amount.toFixed(), off.quantity.toFixed(), off.lowPrice]).toEqual(['MARKET', '1000', '0', undefined]);
  });

  it('counts an order with a bad size as one to fix, never in its leg', () => {
    const { legs, orders, toFix } = check([limit({ size: '0.1' }), limit({ size: 'x' })]).summary;
    expect([orders, toFix]).toEqual([2, 1]);
    expect(legs).toHaveLength(1);
    expect(legs[0]?.orders).toBe(1);
    expect(legs[0]?.quantity.toFixed()).toBe('0.1');
    expect(check([limit({ size: 'x' })]).summary.legs).toEqual([]);
  });

  it('gives the furthest distance of a price from its mark', () => {
    expect(check(drafts).summary.furthestFromMark).toBeCloseTo(0.08, 12);
    expect(check([limit({ price: '80000' }), limit({ price: '101000' })]).summary.furthestFromMark).toBeCloseTo(0.2, 12);
    expect(check([market()]).summary.furthestFromMark).toBeNull();
  });

  it.each([
    [1, 1, 0],
    [10, 1, 0],
    [11, 2, 1],
    [20, 2, 1],
    [25, 3, 2],
  ])('%i orders take %i requests over %i seconds', (count, requests, seconds) => {
    const summary = check(Array.from({ length: count }, () => limit())).summary;
    expect([summary.requests, summary.seconds]).toEqual([requests, seconds]);
  });
});
