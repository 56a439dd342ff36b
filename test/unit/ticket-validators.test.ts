import { describe, expect, it } from 'vitest';
import type { Duration } from '@/interface';
import { messageFor } from '@/terminal/features/ticket/messages';
import type { RowIssueCode } from '@/terminal/features/ticket/model/issues';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import type { DraftRow, MarketContext, RowContext, RowField } from '@/terminal/features/ticket/model/types';
import * as rules from '@/terminal/features/ticket/model/validators';

const duration = (id: string, extra: Partial<Duration> = {}): Duration => ({
  id,
  title: id,
  hasDatePicker: false,
  hasTimePicker: false,
  default: false,
  supportedOrderTypes: ['limit'],
  ...extra,
});
const durations = [duration('GTC', { default: true }), duration('IOC'), duration('GTD', { title: 'Good till date', hasDatePicker: true })];
const btc: MarketContext = { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 };
const context: RowContext = {
  markets: new Map([[btc.symbol, btc]]),
  durations,
  usedClientOrderIds: new Set(['used-1']),
  earlierClientIds: new Map([['first-1', 0]]),
};
const good: DraftRow = { ...newDraftRow(durations, btc.symbol), clientOrderId: 'good-1', price: '100000.5', size: '0.1' };
const row = (patch: Partial<DraftRow>): DraftRow => ({ ...good, ...patch });

type Case = [name: keyof typeof rules, bad: DraftRow, code: RowIssueCode, field: RowField, message: string, market?: MarketContext];
const cases: Case[] = [
  ['pastedLineRead', row({ pasteError: { line: 4, reason: 'side "HOLD" must be BUY or SELL' } }), 'paste.badLine', 'line', 'Pasted line 4 not read: side "HOLD" must be BUY or SELL'],
  ['heldOnlyAlone', row({ heldKind: 'stop' }), 'held.singleOrderOnly', 'kind', 'A held order or take-profit / stop-loss is sent alone, from the Order tool'],
  ['marketPicked', row({ symbol: '' }), 'symbol.missing', 'symbol', 'Pick a market'],
  ['marketKnown', row({ symbol: 'PERP_XYZ_USDC' }), 'symbol.unknown', 'symbol', 'Unknown market PERP_XYZ_USDC', undefined],
  ['durationOffered', row({ durationId: 'DAY' }), 'duration.notOffered', 'durationId', 'DAY is not offered for limit orders; pick another'],
  ['expiryNotAsked', row({ durationId: 'GTD' }), 'expiry.notCarried', 'expiry', 'Good till date needs an expiry, which a batch order cannot carry: pick another duration'],
  ['priceRequired', row({ price: ' ' }), 'price.missing', 'price', 'Enter a price'],
  ['pricePositive', row({ price: '0' }), 'price.notPositive', 'price', 'Enter a positive number, like 100012.5'],
  ['markUsable', good, 'price.noMark', 'price', 'No usable mark price for PERP_BTC_USDC yet', { ...btc, mark_price: 0 }],
  ['priceOnTick', row({ price: '100000.55' }), 'price.offTick', 'price', 'Use a multiple of the tick 0.1'],
  ['priceInBand', row({ price: '89999.9' }), 'price.outOfBand', 'price', 'More than 10% below mark 100,000.0'],
  ['amountOnlyForMarket', row({ sizeUnit: 'amount' }), 'size.amountNotMarket', 'size', 'Only market orders can be sized by amount'],
  ['sizeRequired', row({ size: '' }), 'size.missingQuantity', 'size', 'Enter a quantity'],
  ['sizePositive', row({ size: '-1' }), 'size.notPositive', 'size', 'Enter a positive number'],
  ['sizeOnStep', row({ size: '0.00001' }), 'size.offStep', 'size', 'Use a multiple of the step 0.0001'],
  ['notionalPriced', row({ sizeUnit: 'notional', size: '100', price: '' }), 'size.notionalNoPrice', 'size', 'Enter a price first: the quantity sent is USD ÷ price'],
  ['notionalBuysStep', row({ sizeUnit: 'notional', size: '5' }), 'size.notionalBelowStep', 'size', '5 USD buys less than the step 0.0001: nothing to send'],
  ['boundHasMark', row({ kind: 'market', durationId: '', price: '' }), 'price.noMark', 'price', 'No usable mark price for PERP_BTC_USDC yet', { ...btc, mark_price: 0 }],
  ['boundedAmountBuysStep', row({ kind: 'market', durationId: '', price: '', sizeUnit: 'amount', size: '5' }), 'size.amountBelowStepAtBound', 'size', '5 USDC buys less than the step 0.0001 at the bound 100,500.0: nothing to send'],
  ['visibleIsNumber', row({ visibleQuantity: 'x' }), 'visible.notNumber', 'visibleQuantity', 'Enter a number, or leave empty to show it all'],
  ['visibleApplies', row({ visibleQuantity: '0.05', durationId: 'IOC' }), 'visible.notForType', 'visibleQuantity', 'Does not apply to IOC orders; leave it empty'],
  ['visibleNotWithAmount', row({ visibleQuantity: '1', sizeUnit: 'amount' }), 'visible.withAmount', 'visibleQuantity', 'Not with an amount'],
  ['visibleWithinSize', row({ visibleQuantity: '0.2' }), 'visible.aboveSize', 'visibleQuantity', 'Cannot exceed the quantity'],
  ['visibleOnStep', row({ visibleQuantity: '0.00005' }), 'visible.offStep', 'visibleQuantity', 'Use a multiple of the step 0.0001'],
  ['tagLength', row({ tag: 't'.repeat(129) }), 'tag.tooLong', 'tag', 'At most 128 characters'],
  ['clientIdLength', row({ clientOrderId: 'a'.repeat(37) }), 'clientId.tooLong', 'clientOrderId', 'At most 36 characters'],
  ['clientIdCharacters', row({ clientOrderId: '-a' }), 'clientId.badCharacters', 'clientOrderId', 'Letters, digits and "-" only, not starting with "-"'],
  ['clientIdUniqueInTicket', row({ clientOrderId: ' first-1' }), 'clientId.repeated', 'clientOrderId', 'Also used by order 1 of this ticket'],
  ['clientIdUnused', row({ clientOrderId: 'used-1' }), 'clientId.inJournal', 'clientOrderId', 'Already used by an order in the journal'],
];

describe('each ticket rule', () => {
  it('is in the list checkRow runs, and has a case here', () => {
    expect(new Set(cases.map(([name]) => rules[name]))).toEqual(new Set(rules.rowValidators));
  });

  it.each(cases)('%s: an issue for a bad row, nothing for a good one', (name, bad, code, field, message, ...market) => {
    const validator = rules[name] as rules.RowValidator;
    const badMarket = market.length > 0 ? market[0] : btc;
    const found = validator(bad, badMarket, context);
    expect(found).toMatchObject({ code, field, severity: 'error' });
    expect(found && messageFor(found)).toBe(message);
    expect(validator(good, btc, context)).toBeUndefined();
  });

  it('asks for a size in USD, and a mark for a USD market order, on a USD-sized row', () => {
    const required = rules.sizeRequired(row({ sizeUnit: 'notional', size: '' }), btc, context);
    expect(required && messageFor(required)).toBe('Enter a size in USD');
    const market = row({ kind: 'market', durationId: '', price: '', sizeUnit: 'notional', size: '100' });
    const noMark = rules.notionalPriced(market, { ...btc, mark_price: 0 }, context);
    expect(noMark && messageFor(noMark)).toBe('No mark price for PERP_BTC_USDC yet to turn USD into a quantity');
    expect(rules.notionalPriced(market, btc, context)).toBeUndefined();
    // A USD size is never off the step: it is rounded onto it.
    expect(rules.sizeOnStep(row({ sizeUnit: 'notional', size: '100.123' }), btc, context)).toBeUndefined();
  });

  it('compares the visible quantity of a USD-sized row with the quantity it sends', () => {
    // 100 USD at 100000.5 sends 0.0009 BTC: 0.001 visible is more than that, 0.0009 is not.
    const usd = row({ sizeUnit: 'notional', size: '100' });
    expect(rules.visibleWithinSize({ ...usd, visibleQuantity: '0.001' }, btc, context)).toMatchObject({ code: 'visible.aboveSize' });
    expect(rules.visibleWithinSize({ ...usd, visibleQuantity: '0.0009' }, btc, context)).toBeUndefined();
  });

  it('sizeRequired asks for an amount when the row is sized by amount', () => {
    const found = rules.sizeRequired(row({ kind: 'market', durationId: '', size: '', sizeUnit: 'amount' }), btc, context);
    expect(found && messageFor(found)).toBe('Enter an amount');
  });
});
