import { describe, expect, it } from 'vitest';
import type { Duration } from '@/interface';
import { checkTicket, type TicketContext } from '@/terminal/features/ticket/model/checkTicket';
import { Big, stepOf } from '@/terminal/features/ticket/model/decimal';
import { pointTicketAt } from '@/terminal/features/ticket/model/marketPick';
import { baseFromNotional, convertSize } from '@/terminal/features/ticket/model/notional';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { messagesOf } from '@/terminal/features/ticket/messages';
import { useTicketStore } from '@/terminal/features/ticket/store';
import type { DraftRow, MarketContext } from '@/terminal/features/ticket/model/types';

const big = (text: string) => new Big(text);
const derive = (usd: string, price: string, step: string) => baseFromNotional(big(usd), big(price), big(step));

/** Checks the one property that matters: the largest multiple of the step whose notional fits. */
function expectLargestFit(usd: string, price: string, step: string) {
  const quantity = derive(usd, price, step);
  expect(quantity.mod(big(step)).eq(0)).toBe(true);
  expect(quantity.times(big(price)).lte(big(usd))).toBe(true);
  expect(quantity.plus(big(step)).times(big(price)).gt(big(usd))).toBe(true);
}

describe('a USD size turned into a base quantity', () => {
  it('is exact: 100 USD at 3333.3 with a step of 0.0001 is 0.0300', () => {
    expect(derive('100', '3333.3', '0.0001').toFixed(4)).toBe('0.0300');
    expectLargestFit('100', '3333.3', '0.0001');
  });

  it('rounds down, never up, even a hair under the next step', () => {
    // 0.0301 ETH costs 100.332330 at 3333.3: a cent less buys 0.0300.
    expect(derive('100.33232', '3333.3', '0.0001').toFixed()).toBe('0.03');
    expect(derive('100.33233', '3333.3', '0.0001').toFixed()).toBe('0.0301');
    // Big divides to 20 places and rounds half up; a notional 1e-25 under 3 steps must still give 2.
    expect(derive('2.9999999999999999999999999', '1', '1').toFixed()).toBe('2');
    for (let i = 1; i <= 200; i++) {
      const usd = new Big(i).times('7.3').plus(new Big(i).div(1000)).toFixed();
      expectLargestFit(usd, (1000 + i * 13.7).toFixed(1), '0.001');
    }
  });

  it('has no float drift: where floats lose a step to 0.1 + 0.2, Big does not', () => {
    // In floats 0.3 / 0.1 is 2.999…96 and 0.3 / (0.1 + 0.2) is 0.999…9: a whole step lost each time.
    expect(Math.floor(0.3 / 0.1)).toBe(2);
    expect(Math.floor(0.3 / (0.1 + 0.2))).toBe(0);
    expect(derive('0.3', '0.1', '1').toFixed()).toBe('3');
    expect(baseFromNotional(big('0.3'), big('0.1').plus('0.2'), big('1')).toFixed()).toBe('1');
    expect(baseFromNotional(big('0.1').plus('0.2'), big('0.1'), big('0.01')).toFixed()).toBe('3');
  });

  it('stays exact for huge and tiny values, and gives 0 below one step', () => {
    expectLargestFit('123456789012345678901234567890.12', '0.00000123', '0.00000001');
    expectLargestFit('1000000000000', '99999.9', '0.0001');
    expect(derive('0.000000001', '100000', '0.0001').toFixed()).toBe('0');
    expect(derive('9.99', '100000', '0.0001').toFixed()).toBe('0');
    expect(derive('10', '100000', '0.0001').toFixed()).toBe('0.0001');
    expect(derive('100', '0', '0.0001').toFixed()).toBe('0');
  });
});

describe('switching a size between base and USD', () => {
  const row = (size: string, sizeUnit: DraftRow['sizeUnit']) => ({ size, sizeUnit });

  it('converts USD to base rounding down, base to USD exactly, and back to the same quantity', () => {
    expect(convertSize(row('100', 'notional'), 'quantity', big('3333.3'), 4)).toEqual({ size: '0.0300', sizeUnit: 'quantity' });
    const usd = convertSize(row('0.0300', 'quantity'), 'notional', big('3333.3'), 4);
    expect(usd).toEqual({ size: '99.999', sizeUnit: 'notional' });
    expect(convertSize(usd, 'quantity', big('3333.3'), 4).size).toBe('0.0300');
  });

  it('switched back with nothing typed since, gives the size typed, not a conversion at a mark that moved', () => {
    // 0.0030 BTC at 100,000 is 300 USD; back at 100,100 it would be 0.0029 (rounded down).
    const sizeBefore = { size: '0.0030', sizeUnit: 'quantity' as const, shown: '300' };
    expect(convertSize({ size: '300', sizeUnit: 'notional', sizeBefore }, 'quantity', big('100100'), 4)).toEqual({ size: '0.0030', sizeUnit: 'quantity' });
    // Edited in USD meanwhile: converted at the mark now.
    expect(convertSize({ size: '310', sizeUnit: 'notional', sizeBefore }, 'quantity', big('100100'), 4)).toEqual({ size: '0.0030', sizeUnit: 'quantity' });
    expect(convertSize({ size: '290', sizeUnit: 'notional', sizeBefore }, 'quantity', big('100100'), 4)).toEqual({ size: '0.0028', sizeUnit: 'quantity' });
    expect(convertSize({ size: '300', sizeUnit: 'notional' }, 'quantity', big('100100'), 4)).toEqual({ size: '0.0029', sizeUnit: 'quantity' });
    // A limit price typed meanwhile is a new reference: 300 USD at 50,000 is 0.0060, not the 0.0030 typed before.
    const atLimit = { ...sizeBefore, price: '100000.0' };
    expect(convertSize({ size: '300', sizeUnit: 'notional', sizeBefore: atLimit, price: '100000.0' }, 'quantity', big('100000'), 4).size).toBe('0.0030');
    expect(convertSize({ size: '300', sizeUnit: 'notional', sizeBefore: atLimit, price: '50000.0' }, 'quantity', big('50000'), 4).size).toBe('0.0060');
  });

  it('the ticket keeps what was typed across a switch and back, the mark moving between', () => {
    const { actions } = useTicketStore.getState();
    actions.clear([]);
    const id = useTicketStore.getState().rows[0]!.id;
    actions.updateRow(id, { size: '0.0030', sizeUnit: 'quantity' });
    actions.setSizeUnit(id, (current) => convertSize(current, 'notional', big('100000'), 4));
    expect(useTicketStore.getState().rows[0]).toMatchObject({ size: '300', sizeUnit: 'notional' });
    actions.setSizeUnit(id, (current) => convertSize(current, 'quantity', big('100100'), 4));
    expect(useTicketStore.getState().rows[0]).toMatchObject({ size: '0.0030', sizeUnit: 'quantity' });
  });

  it('clears what cannot be converted and says why; an empty size just takes the unit', () => {
    expect(convertSize(row('100', 'notional'), 'quantity', undefined, 4)).toEqual({ size: '', sizeUnit: 'quantity', cleared: 'noPrice' });
    expect(convertSize(row('1', 'notional'), 'quantity', big('100000'), 4)).toEqual({ size: '', sizeUnit: 'quantity', cleared: 'belowStep' });
    expect(convertSize(row('', 'quantity'), 'notional', undefined, undefined)).toEqual({ size: '', sizeUnit: 'notional' });
  });

  it('reads a USDC amount as a USD size, and leaves it an amount on the way back to base', () => {
    expect(convertSize(row('250', 'amount'), 'notional', undefined, 4)).toEqual({ size: '250', sizeUnit: 'notional' });
    expect(convertSize(row('250', 'amount'), 'quantity', big('100'), 4)).toEqual({ size: '250', sizeUnit: 'amount' });
  });
});

const durations: Duration[] = [
  { id: 'GTC', title: 'Good till cancelled', hasDatePicker: false, hasTimePicker: false, default: true, supportedOrderTypes: ['limit'] },
];
const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3400, priceDecimals: 1, quantityDecimals: 4 };
const context: TicketContext = { markets: new Map([[eth.symbol, eth]]), durations, usedClientOrderIds: new Set() };
const usdRow = (extra: Partial<DraftRow>): DraftRow => ({ ...newDraftRow(durations, eth.symbol), sizeUnit: 'notional', size: '100', ...extra });

describe('a USD-sized row in the ticket', () => {
  it('sends the derived base quantity at its limit price, never the USD', () => {
    const result = checkTicket([usdRow({ price: '3333.3' })], context);
    expect(result.orders).toEqual([expect.objectContaining({ order_type: 'LIMIT', order_price: 3333.3, order_quantity: 0.03 })]);
    expect(result.orders[0]).not.toHaveProperty('order_amount');
    expect(result.rows[0]?.quantity?.toFixed()).toBe('0.03');
    // The notional is what the quantity costs, a little under the USD typed.
    expect(result.rows[0]?.notional?.toFixed()).toBe('99.999');
  });

  it('converts a market order at the mark (sent as IOC at its bound, or as MARKET with the bound off)', () => {
    const unbounded = checkTicket([usdRow({ kind: 'market', durationId: '', price: '' })], { ...context, marketSlippage: null });
    expect(unbounded.orders[0]).toMatchObject({ order_type: 'MARKET', order_quantity: 0.0294 });
    const result = checkTicket([usdRow({ kind: 'market', durationId: '', price: '' })], context);
    expect(result.orders[0]).toMatchObject({ order_type: 'IOC', order_quantity: derive('100', '3400', stepOf(4).toFixed()).toNumber() });
    expect(result.orders[0]?.order_quantity).toBe(0.0294);
  });

  it('is blocked, with the reason, without a price or below one step', () => {
    expect(messagesOf(checkTicket([usdRow({ price: '' })], context).rows[0]?.issues ?? {}).size).toBe('Enter a price first: the quantity sent is USD ÷ price');
    const tiny = checkTicket([usdRow({ price: '3333.3', size: '0.3' })], context);
    expect(tiny.orders).toEqual([]);
    expect(tiny.rows[0]?.issues.size).toEqual({ code: 'size.notionalBelowStep', field: 'size', severity: 'error', params: { notional: '0.3', step: '0.0001' } });
  });

  it('keeps its unit, not its size, in the order started on another market (the sized one is set aside)', () => {
    const row = usdRow({ price: '3333.3' });
    const pointed = pointTicketAt([row], row.id, 'PERP_BTC_USDC');
    expect('aside' in pointed && pointed.aside).toMatchObject({ symbol: 'PERP_BTC_USDC', size: '', sizeUnit: 'notional' });
  });
});
