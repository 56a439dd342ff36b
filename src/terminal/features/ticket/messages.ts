import type { IssueCode, IssueParams, RowIssues } from './model/issues';
import type { RowErrors, RowField } from './model/types';
import { groupDecimalText } from '@/terminal/shared/format/number';

/**
 * The ticket's words for every issue code, in one place: a code without a message fails to
 * compile, and a translation is a second table of the same shape.
 */
const messages: { [C in IssueCode]: (params: IssueParams[C]) => string } = {
  'paste.badLine': ({ line, reason }) => `Pasted line ${line} not read: ${reason}`,
  'symbol.missing': () => 'Pick a market',
  'symbol.unknown': ({ symbol }) => `Unknown market ${symbol}`,
  'duration.notOffered': ({ durationId, kind }) => `${durationId} is not offered for ${kind} orders; pick another`,
  'expiry.notCarried': ({ duration }) =>
    `${duration ?? 'This duration'} needs an expiry, which a batch order cannot carry: pick another duration`,
  'price.missing': () => 'Enter a price',
  'price.notPositive': () => 'Enter a positive number, like 100012.5',
  'price.noMark': ({ symbol }) => `No usable mark price for ${symbol} yet`,
  'price.offTick': ({ tick }) => `Use a multiple of the tick ${tick}`,
  'price.outOfBand': ({ bandPercent, direction, mark }) => `More than ${bandPercent}% ${direction} mark ${groupDecimalText(mark)}`,
  'size.amountNotMarket': () => 'Only market orders can be sized by amount',
  'size.missingAmount': () => 'Enter an amount',
  'size.missingQuantity': () => 'Enter a quantity',
  'size.missingNotional': () => 'Enter a size in USD',
  'size.notionalNoPrice': ({ from, symbol }) =>
    from === 'limit' ? 'Enter a price first: the quantity sent is USD ÷ price' : `No mark price for ${symbol} yet to turn USD into a quantity`,
  'size.notionalBelowStep': ({ notional, step }) => `${groupDecimalText(notional)} USD buys less than the step ${step}: nothing to send`,
  'size.notPositive': () => 'Enter a positive number',
  'size.offStep': ({ step }) => `Use a multiple of the step ${step}`,
  'visible.notNumber': () => 'Enter a number, or leave empty to show it all',
  'visible.notForType': ({ orderType }) => `Does not apply to ${orderType} orders; leave it empty`,
  'visible.withAmount': () => 'Not with an amount',
  'visible.aboveSize': () => 'Cannot exceed the quantity',
  'visible.offStep': ({ step }) => `Use a multiple of the step ${step}`,
  'tag.tooLong': ({ max }) => `At most ${max} characters`,
  'clientId.tooLong': ({ max }) => `At most ${max} characters`,
  'clientId.badCharacters': () => 'Letters, digits and "-" only, not starting with "-"',
  'clientId.repeated': ({ order }) => `Also used by order ${order} of this ticket`,
  'clientId.inJournal': () => 'Already used by an order in the journal',
  'symbol.markUnverified': ({ ageSeconds }) => `Unverified: prices are ${ageSeconds} s old, checks against mark may be wrong`,
  'price.postOnlyCrosses': ({ side, mark }) =>
    `Post-only ${side === 'BUY' ? 'buy at or above' : 'sell at or below'} mark ${groupDecimalText(mark)} would cross: it is cancelled, not placed`,
  'price.marketable': ({ bandPercent, direction, mark }) =>
    `Marketable: more than ${bandPercent}% ${direction} mark ${groupDecimalText(mark)}, it fills at once`,
  'size.extraDigit': ({ notional, median, factor }) =>
    `${notional} USDC is ${factor}× or more the ticket's usual ${median}: a digit too many?`,
  'ticket.empty': () => 'The ticket has no orders',
  'ticket.fixOne': () => 'Fix the order first',
  'ticket.fixMany': ({ invalid, orders }) => `Fix ${invalid} of ${orders} orders first`,
};

export function messageFor<C extends IssueCode>(issue: { code: C; params: IssueParams[C] }): string {
  return messages[issue.code](issue.params);
}

/** A row's issues in words, by field. */
export function messagesOf(issues: RowIssues): RowErrors {
  const words: RowErrors = {};
  for (const [field, found] of Object.entries(issues) as [RowField, RowIssues[RowField]][]) {
    if (found) words[field] = messageFor(found);
  }
  return words;
}
