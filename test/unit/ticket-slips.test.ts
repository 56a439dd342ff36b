import { describe, expect, it } from 'vitest';
import type { Duration } from '@/interface';
import { messageFor } from '@/terminal/features/ticket/messages';
import { checkTicket } from '@/terminal/features/ticket/model/checkTicket';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { needsConfirmation } from '@/terminal/features/ticket/model/submit';
import type { DraftRow, MarketContext, TicketContext } from '@/terminal/features/ticket/model/types';

const durations: Duration[] = [{ id: 'GTC', title: 'GTC', hasDatePicker: false, hasTimePicker: false, default: true, supportedOrderTypes: ['limit'] }];
const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 };
const context: TicketContext = { markets: new Map([[eth.symbol, eth]]), durations, usedClientOrderIds: new Set() };
const row = (patch: Partial<DraftRow>): DraftRow => ({ ...newDraftRow(durations, eth.symbol), price: '3450', size: '0.5', ...patch });
// Small tickets near the market would not be asked about: only a warning makes the question come.
const quiet = { mode: 'large' as const, minOrders: 99, minNotional: 1e12 };
const codes = (draft: DraftRow, with_: TicketContext = context) => checkTicket([draft], with_).rows[0]?.warnings.map((found) => found.code);

describe('a slip of a separator or a digit is a warning that forces the confirmation', () => {
  it('a quantity or price starting with 0 and another digit ("05": "0,5" with its comma refused)', () => {
    expect(codes(row({ size: '05' }))).toEqual(['size.leadingZero']);
    expect(codes(row({ price: '03450' }))).toContain('price.leadingZero');
    expect(codes(row({ size: '0.5' }))).toEqual([]);
    const check = checkTicket([row({ size: '05' })], context);
    expect(needsConfirmation(check.summary, quiet)).toBe(true);
    expect(needsConfirmation(checkTicket([row({})], context).summary, quiet)).toBe(false);
    expect(messageFor(check.rows[0]!.warnings[0]!)).toBe('05 starts with 0 and another digit: a decimal separator missing? Check the quantity');
  });

  it('a quantity or price ten times (or a tenth of) the last sent in that market, and not in another', () => {
    const lastSent = new Map([[eth.symbol, { price: '3440', quantity: '0.5' }]]);
    const withLast = { ...context, lastSent };
    expect(codes(row({ size: '5' }), withLast)).toEqual(['size.tenfold']);
    expect(codes(row({ size: '0.05' }), withLast)).toEqual(['size.tenfold']);
    expect(codes(row({ size: '4.9' }), withLast)).toEqual([]);
    expect(codes(row({ size: '5' }), context)).toEqual([]);
    expect(codes(row({ size: '5' }), { ...context, lastSent: new Map([['PERP_BTC_USDC', { quantity: '0.5' }]]) })).toEqual([]);
    const check = checkTicket([row({ size: '5' })], withLast);
    expect(needsConfirmation(check.summary, quiet)).toBe(true);
    expect(messageFor(check.rows[0]!.warnings[0]!)).toBe('10× or more the last quantity sent in this market (0.5): check it');
    expect(codes(row({ price: '344' }), withLast)).toContain('price.tenfold');
  });
});
