import { clientOrderIdPattern, MAX_CLIENT_ORDER_ID, MAX_ORDER_TAG } from '@/interface';
import { isMultipleOf, parseDecimal, stepOf, type Big } from './decimal';
import { asksForExpiry, durationsFor, resolveDuration } from './durations';
import { hasBracket } from './heldRow';
import { issue, type TicketIssue } from './issues';
import { boundedAmountQuantity, isBoundedMarket, marketBound } from './marketBound';
import { notionalQuantity, sizeReference } from './notional';
import { isPriced, markText, rowOrderType, usableMark } from './rowBasics';
import type { DraftRow, MarketContext, RowContext } from './types';

/**
 * How far from mark the service accepts a priced order. The interface does not carry it; this is
 * the embedded service's band and the family's usual one (docs/contract/decisions.md, "Left open even here").
 */
export const PRICE_BAND = 0.1;

/**
 * One rule of the ticket. Each looks at the row on its own and stays silent on what another rule
 * says (an empty price is priceRequired's, not priceOnTick's); checkRow keeps the first issue of
 * each field, in the order of `rowValidators`.
 */
export type RowValidator = (row: DraftRow, market: MarketContext | undefined, context: RowContext) => TicketIssue | undefined;

const plain = (value: Big) => value.toFixed();
export { isPriced, markText, rowOrderType, usableMark };
/** The row's price when it is priced and a positive number. */
function positivePrice(row: DraftRow, context: RowContext): Big | undefined {
  const price = isPriced(row, context) ? parseDecimal(row.price) : undefined;
  return price?.gt(0) ? price : undefined;
}
const byAmount = (row: DraftRow) => row.sizeUnit === 'amount';
const hasVisible = (row: DraftRow) => row.visibleQuantity.trim() !== '';
const clientId = (row: DraftRow) => row.clientOrderId.trim();

/** A pasted line that could not be read stays a row, so the trader fixes it where it is. */
export const pastedLineRead: RowValidator = (row) =>
  row.pasteError ? issue('paste.badLine', 'line', { ...row.pasteError }) : undefined;

/**
 * A held kind or an entry's exits go through the single-order ticket (model/checkHeld.ts): a batch
 * holding such a row (laddered or pasted next to it) would send it as a plain order, so it cannot go.
 */
export const heldOnlyAlone: RowValidator = (row) =>
  row.heldKind !== undefined || hasBracket(row) ? issue('held.singleOrderOnly', 'kind', {}) : undefined;

export const marketPicked: RowValidator = (row) => (!row.symbol ? issue('symbol.missing', 'symbol', {}) : undefined);

export const marketKnown: RowValidator = (row, market) =>
  row.symbol && !market ? issue('symbol.unknown', 'symbol', { symbol: row.symbol }) : undefined;

export const durationOffered: RowValidator = (row, _market, context) => {
  const offered = durationsFor(row.kind, context.durations);
  const duration = resolveDuration(row.kind, row.durationId, context.durations);
  return offered.length > 0 && !duration
    ? issue('duration.notOffered', 'durationId', { durationId: row.durationId, kind: row.kind })
    : undefined;
};

export const expiryNotAsked: RowValidator = (row, _market, context) => {
  const duration = resolveDuration(row.kind, row.durationId, context.durations);
  return asksForExpiry(duration) ? issue('expiry.notCarried', 'expiry', { duration: duration?.title }) : undefined;
};

export const priceRequired: RowValidator = (row, _market, context) =>
  isPriced(row, context) && row.price.trim() === '' ? issue('price.missing', 'price', {}) : undefined;

export const pricePositive: RowValidator = (row, _market, context) =>
  isPriced(row, context) && row.price.trim() !== '' && !positivePrice(row, context)
    ? issue('price.notPositive', 'price', {})
    : undefined;

export const markUsable: RowValidator = (row, market, context) =>
  market && isPriced(row, context) && !usableMark(market) ? issue('price.noMark', 'price', { symbol: market.symbol }) : undefined;

export const priceOnTick: RowValidator = (row, market, context) => {
  const price = positivePrice(row, context);
  if (!price || !market) return undefined;
  const tick = stepOf(market.priceDecimals);
  return isMultipleOf(price, tick) ? undefined : issue('price.offTick', 'price', { tick: plain(tick) });
};

export const priceInBand: RowValidator = (row, market, context) => {
  const price = positivePrice(row, context);
  const mark = usableMark(market);
  // The band in exact decimals, as the service judges it.
  if (!market || !price || !mark || price.minus(mark).abs().lte(mark.times(PRICE_BAND))) return undefined;
  return issue('price.outOfBand', 'price', {
    bandPercent: PRICE_BAND * 100,
    direction: price.gt(mark) ? 'above' : 'below',
    mark: markText(mark, market),
  });
};

export const amountOnlyForMarket: RowValidator = (row, _market, context) =>
  byAmount(row) && isPriced(row, context) ? issue('size.amountNotMarket', 'size', {}) : undefined;

export const sizeRequired: RowValidator = (row) => {
  if (row.size.trim() !== '') return undefined;
  if (row.sizeUnit === 'notional') return issue('size.missingNotional', 'size', {});
  return byAmount(row) ? issue('size.missingAmount', 'size', {}) : issue('size.missingQuantity', 'size', {});
};

export const sizePositive: RowValidator = (row) => {
  if (row.size.trim() === '') return undefined;
  const size = parseDecimal(row.size);
  return !size || size.lte(0) ? issue('size.notPositive', 'size', {}) : undefined;
};

/** Quantities go on the instrument's step; an amount (quote) has none, a USD size is rounded onto it. */
export const sizeOnStep: RowValidator = (row, market) => {
  const size = parseDecimal(row.size);
  if (row.sizeUnit !== 'quantity' || !market || !size?.gt(0)) return undefined;
  const step = stepOf(market.quantityDecimals);
  return isMultipleOf(size, step) ? undefined : issue('size.offStep', 'size', { step: plain(step) });
};

/** A USD size becomes a quantity at a price: without one, nothing can be sent yet. */
export const notionalPriced: RowValidator = (row, market, context) => {
  const size = parseDecimal(row.size);
  if (row.sizeUnit !== 'notional' || !market || !size?.gt(0) || sizeReference(row, market, context)) return undefined;
  return issue('size.notionalNoPrice', 'size', { from: isPriced(row, context) ? 'limit' : 'mark', symbol: market.symbol });
};

/** A USD size that does not buy one step of the instrument rounds down to nothing. */
export const notionalBuysStep: RowValidator = (row, market, context) => {
  const quantity = notionalQuantity(row, market, context);
  if (!quantity || quantity.gt(0) || !market) return undefined;
  return issue('size.notionalBelowStep', 'size', { notional: row.size.trim(), step: plain(stepOf(market.quantityDecimals)) });
};

/** A bounded market order is priced from the mark: without a usable one there is no bound to send. */
export const boundHasMark: RowValidator = (row, market, context) =>
  market && isBoundedMarket(row, context) && !usableMark(market) ? issue('price.noMark', 'price', { symbol: market.symbol }) : undefined;

/** A bounded market order sized by amount sends amount ÷ bound: less than one step is nothing. */
export const boundedAmountBuysStep: RowValidator = (row, market, context) => {
  const quantity = boundedAmountQuantity(row, market, context);
  const bound = marketBound(row, market, context);
  if (!quantity || quantity.gt(0) || !bound || !market) return undefined;
  return issue('size.amountBelowStepAtBound', 'size', { amount: row.size.trim(), step: plain(stepOf(market.quantityDecimals)), bound: markText(bound, market) });
};

export const visibleIsNumber: RowValidator = (row) =>
  hasVisible(row) && !parseDecimal(row.visibleQuantity) ? issue('visible.notNumber', 'visibleQuantity', {}) : undefined;

export const visibleApplies: RowValidator = (row, _market, context) => {
  const orderType = rowOrderType(row, context);
  return hasVisible(row) && ['MARKET', 'IOC', 'FOK'].includes(orderType)
    ? issue('visible.notForType', 'visibleQuantity', { orderType })
    : undefined;
};

export const visibleNotWithAmount: RowValidator = (row) =>
  hasVisible(row) && byAmount(row) ? issue('visible.withAmount', 'visibleQuantity', {}) : undefined;

export const visibleWithinSize: RowValidator = (row, market, context) => {
  const visible = hasVisible(row) ? parseDecimal(row.visibleQuantity) : undefined;
  // A USD size is compared by the quantity it sends.
  const size = row.sizeUnit === 'notional' ? notionalQuantity(row, market, context) : parseDecimal(row.size);
  return visible && size && visible.gt(size) ? issue('visible.aboveSize', 'visibleQuantity', {}) : undefined;
};

export const visibleOnStep: RowValidator = (row, market) => {
  const visible = hasVisible(row) ? parseDecimal(row.visibleQuantity) : undefined;
  if (!visible || !market) return undefined;
  const step = stepOf(market.quantityDecimals);
  return isMultipleOf(visible, step) ? undefined : issue('visible.offStep', 'visibleQuantity', { step: plain(step) });
};

export const tagLength: RowValidator = (row) =>
  row.tag.length > MAX_ORDER_TAG ? issue('tag.tooLong', 'tag', { max: MAX_ORDER_TAG }) : undefined;

export const clientIdLength: RowValidator = (row) =>
  clientId(row).length > MAX_CLIENT_ORDER_ID ? issue('clientId.tooLong', 'clientOrderId', { max: MAX_CLIENT_ORDER_ID }) : undefined;

export const clientIdCharacters: RowValidator = (row) =>
  clientId(row) !== '' && !clientOrderIdPattern.test(clientId(row)) ? issue('clientId.badCharacters', 'clientOrderId', {}) : undefined;

export const clientIdUniqueInTicket: RowValidator = (row, _market, context) => {
  const first = context.earlierClientIds.get(clientId(row));
  return clientId(row) !== '' && first !== undefined ? issue('clientId.repeated', 'clientOrderId', { order: first + 1 }) : undefined;
};

export const clientIdUnused: RowValidator = (row, _market, context) =>
  clientId(row) !== '' && context.usedClientOrderIds.has(clientId(row)) ? issue('clientId.inJournal', 'clientOrderId', {}) : undefined;

/** Every rule, in the order a field's first issue is picked. */
export const rowValidators: readonly RowValidator[] = [
  pastedLineRead,
  heldOnlyAlone,
  marketPicked,
  marketKnown,
  durationOffered,
  expiryNotAsked,
  priceRequired,
  pricePositive,
  markUsable,
  priceOnTick,
  priceInBand,
  amountOnlyForMarket,
  sizeRequired,
  sizePositive,
  sizeOnStep,
  notionalPriced,
  notionalBuysStep,
  boundHasMark,
  boundedAmountBuysStep,
  visibleIsNumber,
  visibleApplies,
  visibleNotWithAmount,
  visibleWithinSize,
  visibleOnStep,
  tagLength,
  clientIdLength,
  clientIdCharacters,
  clientIdUniqueInTicket,
  clientIdUnused,
];
