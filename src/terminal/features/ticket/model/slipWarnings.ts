import { parseDecimal, type Big } from './decimal';
import { warning, type TicketIssue } from './issues';
import type { DraftRow, MarketContext, TicketContext } from './types';
import { isPriced } from './rowBasics';

/** A price or quantity this many times the last one sent in its market (or a tenth of it) is asked about. */
export const SLIP_FACTOR = 10;

/** "05", "007.5": a zero and another digit, as a decimal separator left out leaves them. */
const LEADING_ZERO = /^0\d/;

// What the ticket knows of itself is enough: a held order's check has no rows above it to read.
type Warn = (row: DraftRow, market: MarketContext | undefined, context: TicketContext) => TicketIssue | undefined;

/** A price typed "05" was likely 0.5 with its separator lost: shown, and the confirmation asks. */
export const priceLeadingZero: Warn = (row, _market, context) =>
  isPriced(row, context) && LEADING_ZERO.test(row.price.trim()) ? warning('price.leadingZero', 'price', { text: row.price.trim() }) : undefined;

export const sizeLeadingZero: Warn = (row) =>
  LEADING_ZERO.test(row.size.trim()) ? warning('size.leadingZero', 'size', { text: row.size.trim() }) : undefined;

/** Whether `value` is SLIP_FACTOR times `last` or more, or a SLIP_FACTOR-th or less; undefined when neither. */
function slipOf(value: Big | undefined, lastText: string | undefined): { last: string; larger: boolean } | undefined {
  const last = lastText === undefined ? undefined : parseDecimal(lastText);
  if (!value?.gt(0) || !last?.gt(0)) return undefined;
  if (value.gte(last.times(SLIP_FACTOR))) return { last: lastText as string, larger: true };
  if (value.times(SLIP_FACTOR).lte(last)) return { last: lastText as string, larger: false };
  return undefined;
}

/** A price ten times (or a tenth of) the last one sent in the market: a slip of a digit, most likely. */
export const priceTenfold: Warn = (row, _market, context) => {
  const price = isPriced(row, context) ? parseDecimal(row.price) : undefined;
  const slip = slipOf(price, context.lastSent?.get(row.symbol)?.price);
  return slip ? warning('price.tenfold', 'price', slip) : undefined;
};

/** The same for a base quantity (a USD size is compared once it is one). */
export const sizeTenfold: Warn = (row, _market, context) => {
  if (row.sizeUnit !== 'quantity') return undefined;
  const slip = slipOf(parseDecimal(row.size), context.lastSent?.get(row.symbol)?.quantity);
  return slip ? warning('size.tenfold', 'size', slip) : undefined;
};

/**
 * A key refused while the figure was typed ("1,5" in English shows 15, with why under the field):
 * what stands may not be what was meant, so the send asks, whatever the ticket's size.
 */
export const priceRefusedKey: Warn = (row, _market, context) =>
  context.refusedFields?.has(`${row.id}:price`) ? warning('price.refusedKey', 'price', { text: row.price.trim() }) : undefined;

export const sizeRefusedKey: Warn = (row, _market, context) =>
  context.refusedFields?.has(`${row.id}:size`) ? warning('size.refusedKey', 'size', { text: row.size.trim() }) : undefined;

export const slipWarnings: readonly Warn[] = [priceRefusedKey, sizeRefusedKey, priceLeadingZero, sizeLeadingZero, priceTenfold, sizeTenfold];

/**
 * An order the proxy holds asks about its size as an order sent now does (a refused key, "05"),
 * and about each of its own prices and distances typed with a refused key: its confirmation is
 * the last look before it is armed.
 */
export function heldSlipWarnings(row: DraftRow, market: MarketContext | undefined, context: TicketContext): TicketIssue[] {
  const refused = context.refusedFields;
  const held = row.held;
  const own = held && refused
    ? (Object.keys(held) as (keyof typeof held)[])
        .filter((name) => refused.has(`${row.id}:held.${name}`))
        .map((name) => warning('price.refusedKey', `held.${name}`, { text: String(held[name]).trim() }))
    : [];
  const size = [sizeRefusedKey, sizeLeadingZero].map((warn) => warn(row, market, context)).filter((found) => found !== undefined);
  return [...size, ...own];
}
