import { describe, expect, it } from 'vitest';
import { terminalConfig } from '@/service/config';
import { checkTicket, type TicketContext } from '@/terminal/features/ticket/model/checkTicket';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { marketSlippageOf, needsConfirmation, type ConfirmSettings } from '@/terminal/features/ticket/model/submit';
import { messagesOf } from '@/terminal/features/ticket/messages';
import type { DraftRow, MarketContext } from '@/terminal/features/ticket/model/types';

const durations = terminalConfig.durations;
const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 };
const context: TicketContext = { markets: new Map([[eth.symbol, eth]]), durations, usedClientOrderIds: new Set() };
const limit = (extra: Partial<DraftRow> = {}): DraftRow => ({ ...newDraftRow(durations, eth.symbol), price: '3400', size: '1', ...extra });
const market = (extra: Partial<DraftRow> = {}): DraftRow => limit({ kind: 'market', durationId: '', price: '', ...extra });
const check = (drafts: DraftRow[], ctx: TicketContext = context) => {
  const result = checkTicket(drafts, ctx);
  return { ...result, rows: result.rows.map((row) => ({ ...row, errors: messagesOf(row.issues) })) };
};

describe('a market order with its slippage bound (0.5% unless set)', () => {
  const eth2: MarketContext = { ...eth, mark_price: 3457.33 };
  const ctx: TicketContext = { ...context, markets: new Map([[eth.symbol, eth2]]) };
  const ethMarket = (extra: Partial<DraftRow>) => market({ symbol: 'PERP_ETH_USDC', size: '1', ...extra });

  it('goes as an IOC limit at mark × (1 ± slippage), rounded to the tick away from filling worse', () => {
    // 3457.33 × 1.005 = 3474.61665: a buy rounds down; 3457.33 × 0.995 = 3440.04335: a sell rounds up.
    const [buy, sell] = check([ethMarket({}), ethMarket({ side: 'SELL' })], ctx).orders;
    expect(buy).toMatchObject({ order_type: 'IOC', side: 'BUY', order_price: 3474.61, order_quantity: 1 });
    expect(sell).toMatchObject({ order_type: 'IOC', side: 'SELL', order_price: 3440.05, order_quantity: 1 });
    expect(check([ethMarket({})], { ...ctx, marketSlippage: 0.01 }).orders[0]?.order_price).toBe(3491.9);
    const row = check([ethMarket({})], ctx).rows[0]!;
    expect([row.estimate?.mark.toFixed(), row.estimate?.bound?.toFixed(), row.notional?.toFixed()]).toEqual(['3457.33', '3474.61', '3457.33']);
  });

  it('sized by amount, sends amount ÷ bound rounded down to the step as its quantity, valued at the mark', () => {
    const checked = check([ethMarket({ size: '1000', sizeUnit: 'amount' })], ctx);
    // 1000 ÷ 3474.61 = 0.2878…: 0.287 ETH, worth 0.287 × 3457.33 at the mark.
    expect(checked.orders[0]).toEqual(expect.objectContaining({ order_type: 'IOC', order_price: 3474.61, order_quantity: 0.287 }));
    expect(checked.orders[0]).not.toHaveProperty('order_amount');
    expect([checked.rows[0]?.quantity?.toFixed(), checked.rows[0]?.notional?.toFixed()]).toEqual(['0.287', '992.25371']);
  });

  it('needs a usable mark to be bounded from', () => {
    const noMark = { ...context, markets: new Map([[eth.symbol, { ...eth, mark_price: 0 }]]) };
    expect(check([ethMarket({})], noMark).rows[0]?.errors).toEqual({ price: 'No usable mark price for PERP_ETH_USDC yet' });
    expect(check([ethMarket({})], { ...noMark, marketSlippage: null }).orders[0]?.order_type).toBe('MARKET');
  });
});

describe('confirming market orders', () => {
  const defaults = { mode: 'large' as const, minOrders: 5, minNotional: 50_000 };
  const ethMarket = (size: string) => market({ symbol: 'PERP_ETH_USDC', size });
  const asks = (drafts: DraftRow[], settings: ConfirmSettings = defaults, ctx = context) => needsConfirmation(check(drafts, ctx).summary, settings);

  it('asks for a market order above 10,000 USDC at the mark unless the trader sets another threshold', () => {
    expect(asks([ethMarket('2.857')])).toBe(false); // 9,999.50 USDC
    expect(asks([ethMarket('2.858')])).toBe(true); // 10,003 USDC
    expect(asks([ethMarket('2.858')], { ...defaults, marketConfirmNotional: 20_000 })).toBe(false);
    // A limit order of the same size is not a market order.
    expect(asks([limit({ symbol: 'PERP_ETH_USDC', price: '3500', size: '2.858' })])).toBe(false);
  });

  it('asks every time for a market order sent with the bound off', () => {
    const off = { ...defaults, boundMarketOrders: false };
    expect(marketSlippageOf(off)).toBeNull();
    expect(marketSlippageOf(defaults)).toBe(0.005);
    expect(marketSlippageOf({ ...defaults, marketSlippagePercent: 1 })).toBe(0.01);
    expect(asks([ethMarket('0.01')], off, { ...context, marketSlippage: marketSlippageOf(off) })).toBe(true);
    expect(asks([ethMarket('0.01')])).toBe(false);
  });
});
