import { describe, expect, it } from 'vitest';
import { heldOrderRequestSchema, bracketRequestSchema } from '@/interface';
import { checkHeldTicket, type HeldCheck } from '@/terminal/features/ticket/model/checkHeld';
import { checkTicket, type TicketContext } from '@/terminal/features/ticket/model/checkTicket';
import { emptyHeldFields, type HeldFields, type HeldKind } from '@/terminal/features/ticket/model/heldTypes';
import { heldPrice } from '@/terminal/features/ticket/model/heldRow';
import { setFormatLocale } from '@/terminal/shared/format/locale';
import { freshRowFor, withSymbol } from '@/terminal/features/ticket/model/marketPick';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import { messageFor, messagesOf } from '@/terminal/features/ticket/messages';
import { planText, bracketText } from '@/terminal/features/ticket/components/heldWords';
import type { DraftRow, MarketContext } from '@/terminal/features/ticket/model/types';

const btc: MarketContext = { symbol: 'PERP_BTC_USDC', mark_price: 63010, priceDecimals: 1, quantityDecimals: 4 };
const context: TicketContext = { markets: new Map([[btc.symbol, btc]]), durations: [], usedClientOrderIds: new Set() };

function heldRow(kind: HeldKind | undefined, held: Partial<HeldFields>, row: Partial<DraftRow> = {}): DraftRow {
  return { ...newDraftRow([], btc.symbol), size: '0.5', side: 'SELL', heldKind: kind, held: { ...emptyHeldFields, ...held }, ...row };
}

function check(row: DraftRow, rows: DraftRow[] = [row]): HeldCheck {
  const found = checkHeldTicket(rows, row.id, context);
  if (!found) throw new Error('not a held order');
  return found;
}

const words = (found: HeldCheck) => messagesOf(found.issues);

describe('a stop from the ticket', () => {
  it('is the request POST /api/held-orders takes, with exact decimals, and says when it fires and what it sends', () => {
    const found = check(heldRow('stop', { trigger: '61200' }));
    expect(found.blockers).toEqual([]);
    expect(found.request).toEqual({
      kind: 'held',
      body: { type: 'STOP_MARKET', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.5, trigger_price: 61200 },
    });
    expect(heldOrderRequestSchema.safeParse(found.request?.body).success).toBe(true);
    expect(found.plan && planText(found.plan)).toBe('When the mark falls to 61,200.0: sell 0.5 BTC at market');
  });

  it('needs a trigger on the tick, and a stop limit a limit within the band of its trigger', () => {
    expect(words(check(heldRow('stop', {})))['held.trigger']).toBe('Enter a value');
    // Nothing is worded of a figure not typed yet ("at limit 0.0").
    expect(check(heldRow('stop', {})).plan).toBeUndefined();
    expect(check(heldRow('stopLimit', { trigger: '61200' })).plan).toBeUndefined();
    expect(words(check(heldRow('stop', { trigger: '61200.05' })))['held.trigger']).toBe('Use a multiple of the tick 0.1');
    const far = check(heldRow('stopLimit', { trigger: '61200', limitPrice: '50000' }));
    expect(words(far)['held.limitPrice']).toMatch(/More than 10% below the trigger 61,200\.0/);
    expect(far.request).toBeUndefined();
    const near = check(heldRow('stopLimit', { trigger: '61200', limitPrice: '61100' }));
    expect(near.request?.body).toMatchObject({ type: 'STOP_LIMIT', trigger_price: 61200, order_price: 61100 });
  });

  it('warns of a limit beyond its trigger (a buy stop limit below it, a sell above): it may rest unfilled when it fires', () => {
    const buy = check(heldRow('stopLimit', { trigger: '64000', limitPrice: '63900' }, { side: 'BUY' }));
    expect(buy.warnings.map(messageFor)).toEqual(['Below the trigger 64,000.0: when it fires, a buy at this limit may rest unfilled']);
    expect(buy.request).toBeDefined();
    const sell = check(heldRow('takeProfitLimit', { trigger: '64000', limitPrice: '64100' }));
    expect(sell.warnings.map(messageFor)).toContain('Above the trigger 64,000.0: when it fires, a sell at this limit may rest unfilled');
    expect(check(heldRow('stopLimit', { trigger: '61200', limitPrice: '61100' })).warnings).toEqual([]);
  });

  it('warns of a trigger the mark has already crossed (it would fire at once), without blocking it', () => {
    const sellStop = check(heldRow('stop', { trigger: '64000' }));
    expect(sellStop.warnings.map(messageFor)).toEqual(['The mark 63,010.0 is already at or below this trigger: it fires at once']);
    expect(sellStop.request).toBeDefined();
    expect(check(heldRow('stop', { trigger: '62000' })).warnings).toEqual([]);
    // A BUY take-profit fires at mark ≤ trigger: mirrored.
    expect(check(heldRow('takeProfit', { trigger: '64000' }, { side: 'BUY' })).warnings).toHaveLength(1);
    expect(check(heldRow('takeProfit', { trigger: '62000' }, { side: 'BUY' })).warnings).toEqual([]);
  });

  it('is sized by base quantity on the step; an amount is refused', () => {
    expect(words(check(heldRow('stop', { trigger: '61200' }, { size: '0.00005' }))).size).toBe('Use a multiple of the step 0.0001');
    expect(words(check(heldRow('stop', { trigger: '61200' }, { sizeUnit: 'amount', size: '100' }))).size).toBe(
      'Held orders are sized by quantity or USD, not by amount',
    );
    // Nor is the amount worded as a quantity in the summary ("sell 100 BTC").
    const byAmount = check(heldRow('stop', { trigger: '61200' }, { sizeUnit: 'amount', size: '100' }));
    expect(byAmount.plan).toBeUndefined();
    expect(byAmount.request).toBeUndefined();
  });

  it("is reckoned at its own price, not at the row's limit price it kept from before (a limit turned into a stop)", () => {
    const fromLimit = { price: '99956.2', size: '0.012' };
    const stopRow = heldRow('stop', { trigger: '61200' }, fromLimit);
    expect(checkTicket([stopRow], context).rows[0]?.notional?.toFixed()).toBe('734.4');
    const stopLimit = heldRow('stopLimit', { trigger: '61200', limitPrice: '61100' }, fromLimit);
    expect(checkTicket([stopLimit], context).rows[0]?.notional?.toFixed()).toBe('733.2');
    // A trailing stop or a TWAP: at the mark (63,010).
    expect(checkTicket([heldRow('trailing', { trailing: '1' }, fromLimit)], context).rows[0]?.notional?.toFixed()).toBe('756.12');
    expect(heldPrice(stopRow)).toBe('61200');
    // Sized in USD, it is worked at the mark, as it is armed: 1,000 USD at 63,010 is 0.0158, not 0.01 at 99,956.2.
    const usd = heldRow('stop', { trigger: '61200' }, { price: '99956.2', size: '1000', sizeUnit: 'notional' });
    expect(checkTicket([usd], context).rows[0]?.quantity?.toFixed()).toBe('0.0158');
    expect(check(usd).request?.body).toMatchObject({ order_quantity: 0.0158 });
  });

  it('goes alone: a ticket with other orders cannot arm it, and a batch cannot send it as a plain order', () => {
    const row = heldRow('stop', { trigger: '61200' });
    const other = { ...newDraftRow([], btc.symbol), price: '63000', size: '1' };
    expect(check(row, [row, other]).blockers.map(messageFor)).toEqual([
      'A held order or bracket goes alone: remove the other orders of the ticket (it has 2)',
    ]);
    const batch = checkTicket([row, other], context);
    expect(batch.orders).toEqual([]);
    expect(messagesOf(batch.rows[0]!.issues).kind).toMatch(/sent alone, from the Order tool/);
  });
});

describe('a trailing stop and a TWAP from the ticket', () => {
  it('trails by a percent up to 50 and says where it would fire from the mark now', () => {
    const found = check(heldRow('trailing', { trailing: '1.5', trailingUnit: 'percent' }));
    expect(found.request?.body).toMatchObject({ type: 'TRAILING_STOP', trailing_percent: 1.5 });
    expect(found.plan && planText(found.plan)).toBe('Trailing 1.5 % below the best mark (now 63,010.0 → fires at 62,064.9): sell 0.5 BTC at market');
    expect(words(check(heldRow('trailing', { trailing: '51' })))['held.trailing']).toBe('At most 50%');
    expect(words(check(heldRow('trailing', { trailing: '0' })))['held.trailing']).toBe('Enter a positive number');
    expect(check(heldRow('trailing', { trailing: '250', trailingUnit: 'price' })).request?.body).toMatchObject({ trailing_distance: 250 });
  });

  it('spreads a TWAP over its duration in slices no faster than 2 s, within 1 minute to 24 hours', () => {
    const twap = heldRow('twap', { twapMinutes: '60', twapSliceSeconds: '60', twapSlippage: '0.5' }, { side: 'BUY', size: '10' });
    const found = check(twap);
    expect(found.request?.body).toEqual({
      type: 'TWAP', symbol: 'PERP_BTC_USDC', side: 'BUY', order_quantity: 10, duration_ms: 3_600_000, slice_ms: 60_000, max_slippage_percent: 0.5,
    });
    // 10 ÷ 60 is not on the step 0.0001: each slice is sized down to it and the rest spread, so 0.1666 or 0.1667.
    expect(found.plan && planText(found.plan)).toBe('TWAP: buy 10 BTC over 1 h, a slice of ~0.1666–0.1667 every 1 m, IOC at mark +0.5 %');
    const even = check({ ...twap, size: '6' });
    expect(even.plan && planText(even.plan)).toBe('TWAP: buy 6 BTC over 1 h, a slice of ~0.1 every 1 m, IOC at mark +0.5 %');
    expect(words(check({ ...twap, held: { ...twap.held!, twapMinutes: '0.5' } }))['held.twapMinutes']).toBe('From 1 minute to 24 hours');
    expect(words(check({ ...twap, held: { ...twap.held!, twapMinutes: '1441' } }))['held.twapMinutes']).toBe('From 1 minute to 24 hours');
    expect(words(check({ ...twap, held: { ...twap.held!, twapSliceSeconds: '1' } }))['held.twapSliceSeconds']).toMatch(/At least 2 s/);
    expect(words(check({ ...twap, held: { ...twap.held!, twapMinutes: '1', twapSliceSeconds: '120' } }))['held.twapSliceSeconds']).toBe(
      'A slice cannot be longer than the whole duration',
    );
    expect(words(check({ ...twap, held: { ...twap.held!, twapSlippage: '11' } }))['held.twapSlippage']).toBe('At most 10%');
  });
});

describe('a bracket from the ticket', () => {
  const entry = (held: Partial<HeldFields>, row: Partial<DraftRow> = {}) => heldRow(undefined, held, { side: 'BUY', price: '63000', ...row });

  it('sends the entry as today with its exits, as POST /api/brackets takes them', () => {
    const found = check(entry({ takeProfit: '66000', stopLoss: '61000', stopLossPrice: '60900' }));
    expect(found.mode).toBe('bracket');
    expect(found.request?.kind).toBe('bracket');
    const body = found.request?.body;
    expect(bracketRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      entry: { symbol: 'PERP_BTC_USDC', side: 'BUY', order_type: 'LIMIT', order_price: 63000, order_quantity: 0.5 },
      take_profit: { trigger_price: 66000 },
      stop_loss: { trigger_price: 61000, order_price: 60900 },
    });
    expect(found.bracket && bracketText(found.bracket)).toBe(
      'Then take-profit at 66,000.0 (at market) / stop-loss at 61,000.0 (limit 60,900.0), one cancelling the other (OCO)',
    );
  });

  it('wants the take-profit above and the stop-loss below a BUY entry, mirrored for a SELL', () => {
    const wrong = check(entry({ takeProfit: '62000', stopLoss: '64000' }));
    expect(words(wrong)['held.takeProfit']).toBe('A take-profit on a buy goes above the entry 63,000.0');
    expect(words(wrong)['held.stopLoss']).toBe('A stop-loss on a buy goes below the entry 63,000.0');
    expect(wrong.request).toBeUndefined();
    const sell = check(entry({ takeProfit: '62000', stopLoss: '64000' }, { side: 'SELL' }));
    expect(sell.issues).toEqual({});
    // A market entry is judged at the mark.
    expect(words(check(entry({ takeProfit: '63000' }, { kind: 'market', price: '' })))['held.takeProfit']).toBe(
      'A take-profit on a buy goes above the entry 63,010.0',
    );
  });

  it("warns of an exit's limit beyond its trigger: a SELL stop-loss limit above its trigger may rest unfilled", () => {
    // A BUY entry's exits sell: a stop-loss at 61,000 with a limit of 61,100 rests above a falling market.
    const found = check(entry({ stopLoss: '61000', stopLossPrice: '61100' }));
    expect(found.warnings.map(messageFor)).toEqual(['Above the trigger 61,000.0: when it fires, a sell at this limit may rest unfilled']);
    expect(found.request).toBeDefined();
    // The side flipped, the exits buy: the same limit below a 64,000 stop-loss rests too.
    const flipped = check(entry({ stopLoss: '64000', stopLossPrice: '63900' }, { side: 'SELL' }));
    expect(flipped.warnings.map(messageFor)).toEqual(['Below the trigger 64,000.0: when it fires, a buy at this limit may rest unfilled']);
  });

  it('refuses an exit the mark has already crossed: armed when the entry is accepted, it would fire before the entry fills', () => {
    // A buy resting at 63,000 with the mark at 63,010: a take-profit at 63,005 is above the entry, below the mark.
    const found = check(entry({ takeProfit: '63005', stopLoss: '62000' }));
    expect(words(found)['held.takeProfit']).toBe(
      'The mark 63,010.0 has already crossed this trigger: the exit would fire as soon as the entry is accepted, before it fills',
    );
    expect(found.request).toBeUndefined();
    expect(check(entry({ takeProfit: '63020', stopLoss: '62000' })).issues).toEqual({});
  });

  it('warns that a take-profit on a resting entry is armed at its acceptance, not its fill, and may fire first', () => {
    // A buy at 63,000 rests under the mark 63,010.
    const resting = check(entry({ takeProfit: '66000' }));
    expect(resting.warnings.map(messageFor)).toEqual([
      'The entry rests below the mark 63,010.0: its take-profit is armed when the entry is accepted, not when it fills, and may sell before the entry buys',
    ]);
    expect(resting.request).toBeDefined();
    // Marketable (a buy at or over the mark), or a stop-loss only: nothing to say.
    expect(check(entry({ takeProfit: '66000' }, { price: '63100' })).warnings).toEqual([]);
    expect(check(entry({ stopLoss: '61000' })).warnings).toEqual([]);
  });

  it('needs a trigger for a limit price, and leaves a plain order alone', () => {
    expect(words(check(entry({ takeProfitPrice: '66000' })))['held.takeProfit']).toBe('Enter a value');
    expect(checkHeldTicket([entry({})], entry({}).id, context)).toBeUndefined();
  });
});

describe('a held order and another market', () => {
  it('keeps its kind but not its prices on another market; on the same market (a side key) keeps them', () => {
    const row = heldRow('stopLimit', { trigger: '61200', limitPrice: '61100', takeProfit: '1' });
    expect(withSymbol(row, 'PERP_ETH_USDC').held).toMatchObject({ trigger: '', limitPrice: '', takeProfit: '' });
    expect(withSymbol(row, 'PERP_ETH_USDC').heldKind).toBe('stopLimit');
    expect(freshRowFor(row, 'PERP_ETH_USDC', '').held?.trigger).toBe('');
    expect(freshRowFor(row, btc.symbol, '').held?.trigger).toBe('61200');
  });
});

describe('a held order worded in German number form', () => {
  it('writes the percentages of a trailing stop and a TWAP as its prices: 1,25 %, not 1.25 %', () => {
    setFormatLocale('de');
    try {
      const trailing = check(heldRow('trailing', { trailingUnit: 'percent', trailing: '1.25' }));
      expect(trailing.plan && planText(trailing.plan)).toMatch(/^Trailing 1,25 % /);
      const twap = check(heldRow('twap', { twapMinutes: '60', twapSliceSeconds: '60', twapSlippage: '0.25', twapRandomize: '2.5' }, { size: '6' }));
      expect(twap.plan && planText(twap.plan)).toMatch(/−0,25 %.*± 2,5 %/);
      // A refused key's question shows the figure as the field does: "98,5", which the trader compares.
      expect(messageFor({ code: 'price.refusedKey', params: { text: '98.5' } })).toContain('is 98,5 the price you meant?');
      expect(messageFor({ code: 'size.refusedKey', params: { text: '0.25' } })).toContain('is 0,25 the quantity you meant?');
    } finally {
      setFormatLocale('en');
    }
  });
});
