import { describe, expect, it } from 'vitest';
import type { Duration } from '@/interface';
import { messageFor } from '@/terminal/features/ticket/messages';
import { checkTicket } from '@/terminal/features/ticket/model/checkTicket';
import { Big } from '@/terminal/features/ticket/model/decimal';
import { pointTicketAt, withSymbol } from '@/terminal/features/ticket/model/marketPick';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { needsConfirmation } from '@/terminal/features/ticket/model/submit';
import type { DraftRow, MarketContext, RowContext } from '@/terminal/features/ticket/model/types';
import { extraDigit, marketableLimit, markUnverified, medianNotional, postOnlyCrosses } from '@/terminal/features/ticket/model/warnings';

const duration = (id: string, extra: Partial<Duration> = {}): Duration => ({
  id, title: id, hasDatePicker: false, hasTimePicker: false, default: false, supportedOrderTypes: ['limit'], ...extra,
});
const durations = [duration('GTC', { default: true }), duration('POST_ONLY'), duration('IOC')];
const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 };
const context: RowContext = { markets: new Map([[eth.symbol, eth]]), durations, usedClientOrderIds: new Set(), earlierClientIds: new Map() };
const limit = (patch: Partial<DraftRow>): DraftRow => ({ ...newDraftRow(durations, eth.symbol), price: '3400', size: '1', ...patch });
const postOnly = (patch: Partial<DraftRow>) => limit({ durationId: 'POST_ONLY', ...patch });

describe('pre-trade warnings', () => {
  it('warns of a post-only order that would cross the mark, and only of that', () => {
    expect(postOnlyCrosses(postOnly({ price: '3400' }), eth, context)).toBeUndefined();
    expect(postOnlyCrosses(postOnly({ side: 'SELL', price: '3600' }), eth, context)).toBeUndefined();
    expect(postOnlyCrosses(limit({ price: '3600' }), eth, context)).toBeUndefined();
    const crossing = postOnlyCrosses(postOnly({ price: '3500' }), eth, context);
    expect(crossing).toMatchObject({ code: 'price.postOnlyCrosses', field: 'price', severity: 'warning' });
    expect(messageFor(crossing!)).toBe('Post-only buy at or above mark 3,500.00 would cross: it would be rejected, not placed');
    expect(postOnlyCrosses(postOnly({ side: 'SELL', price: '3499.99' }), eth, context)?.severity).toBe('warning');
  });

  it('warns of a limit priced through the mark by more than the band (1% unless set)', () => {
    expect(marketableLimit(limit({ price: '3535' }), eth, context)).toBeUndefined();
    expect(marketableLimit(limit({ price: '3400' }), eth, context)).toBeUndefined();
    const buy = marketableLimit(limit({ price: '3535.01' }), eth, context);
    expect(messageFor(buy!)).toBe('Marketable: more than 1% above mark 3,500.00, it fills at once');
    expect(marketableLimit(limit({ side: 'SELL', price: '3460' }), eth, context)?.code).toBe('price.marketable');
    expect(marketableLimit(limit({ price: '3535.01' }), eth, { ...context, marketableBand: 0.02 })).toBeUndefined();
    // IOC is meant to cross; post-only has its own warning.
    expect(marketableLimit(limit({ durationId: 'IOC', price: '3600' }), eth, context)).toBeUndefined();
  });

  it('warns of a row ten times the ticket median or more (a digit too many)', () => {
    const median = new Big(3400);
    expect(extraDigit(limit({ size: '9.9' }), eth, { ...context, medianNotional: median })).toBeUndefined();
    expect(extraDigit(limit({ size: '10' }), eth, { ...context, medianNotional: median })?.code).toBe('size.extraDigit');
    expect(extraDigit(limit({ size: '10' }), eth, context)).toBeUndefined();
    expect(medianNotional([new Big(1), new Big(2)])).toBeUndefined();
    expect(medianNotional([new Big(5), new Big(1), new Big(100), new Big(2)])?.toFixed()).toBe('3.5');
    const check = checkTicket([limit({}), limit({}), limit({ size: '10' })], context);
    expect(check.rows.map((row) => row.warnings.map((found) => found.code))).toEqual([[], [], ['size.extraDigit']]);
    expect(check.orders).toHaveLength(3);
  });

  it('says every check against mark is unverified while the marks are stale, and the confirmation must ask', () => {
    expect(markUnverified(limit({}), eth, context)).toBeUndefined();
    expect(messageFor(markUnverified(limit({}), eth, { ...context, markAgeMs: 42_400 })!)).toMatch(/^Unverified: prices are 42 s old/);
    const settings = { mode: 'large' as const, minOrders: 99, minNotional: 1e12 };
    expect(needsConfirmation(checkTicket([limit({})], context).summary, settings)).toBe(false);
    expect(needsConfirmation(checkTicket([limit({})], { ...context, markAgeMs: 30_000 }).summary, settings)).toBe(true);
    expect(needsConfirmation(checkTicket([postOnly({ price: '3600' })], context).summary, settings)).toBe(true);
  });

  it('never counts a broken row in the totals, and gives each leg its price range', () => {
    const { summary } = checkTicket([limit({ price: '3400' }), limit({ price: '3300.5' }), limit({ price: '3400.001' })], context);
    expect(summary.totalNotional.toFixed()).toBe('6700.5');
    expect([summary.legs[0]?.orders, summary.legs[0]?.lowPrice?.toFixed(), summary.legs[0]?.highPrice?.toFixed()]).toEqual([2, '3300.5', '3400']);
    expect(summary.toFix).toBe(1);
  });
});

describe('choosing a market', () => {
  const filled = limit({ price: '3300', size: '0.5' });
  it('points an unsized order at the market in place, with the price given', () => {
    const blank = limit({ price: '', size: '' });
    const pointed = pointTicketAt([blank], blank.id, 'PERP_BTC_USDC', '100000.0');
    if ('aside' in pointed) throw new Error('an unsized order is never set aside');
    expect(pointed.rows).toHaveLength(1);
    expect(pointed.rows[0]).toMatchObject({ symbol: 'PERP_BTC_USDC', price: '100000.0', size: '', side: 'BUY' });
    expect(pointed.activeRowId).toBe(pointed.rows[0]?.id);
  });

  it('never rewrites a sized order: a fresh unsized order on the new market is what goes in its place', () => {
    const other = limit({ price: '3200', size: '2' });
    const pointed = pointTicketAt([filled, other], filled.id, 'PERP_BTC_USDC', '100000.0');
    if (!('aside' in pointed)) throw new Error('a sized order must be set aside');
    expect(pointed.aside).toMatchObject({ symbol: 'PERP_BTC_USDC', price: '100000.0', size: '', side: 'BUY' });
    expect(pointed.aside.clientOrderId).not.toBe(filled.clientOrderId);
    const amount = { ...filled, kind: 'market' as const, sizeUnit: 'amount' as const, size: '1000' };
    const fromAmount = pointTicketAt([amount], amount.id, 'PERP_BTC_USDC');
    // Only the trader sizes an order: a USD size is not carried into another market.
    expect('aside' in fromAmount && fromAmount.aside).toMatchObject({ size: '', sizeUnit: 'amount' });
    // The same market changes nothing that was typed.
    expect(pointTicketAt([filled, other], filled.id, eth.symbol, '3500.00')).toEqual({ rows: [filled, other], activeRowId: filled.id });
  });

  it('clears price and quantity when the symbol is typed anew', () => {
    expect(withSymbol(filled, 'PERP_BTC_USDC')).toMatchObject({ symbol: 'PERP_BTC_USDC', price: '', size: '' });
    expect(withSymbol(filled, eth.symbol)).toBe(filled);
  });
});
