import { plural, t } from '@lingui/core/macro';
import type { IssueCode, IssueParams, RowIssues } from './model/issues';
import type { RowErrors, RowField } from './model/types';
import { shownDecimal } from '@/terminal/shared/format/decimalText';
import { separators } from '@/terminal/shared/format/locale';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { heldAloneMessage, heldMessages } from './heldMessages';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/**
 * The ticket's words for every issue code, in one place: a code without a message fails to
 * compile. Each is a function, so its words are looked up in the language active when shown.
 */
const messages: { [C in IssueCode]: (params: IssueParams[C]) => string } = {
  'paste.badLine': ({ line, reason }) => t`Pasted line ${line} not read: ${reason}`,
  'symbol.missing': () => t`Pick a market`,
  'symbol.unknown': ({ symbol }) => t`Unknown market ${symbol}`,
  'duration.notOffered': ({ durationId, kind }) => {
    if (kind === 'limit') return t`${durationId} is not offered for limit orders; pick another`;
    if (kind === 'market') return t`${durationId} is not offered for market orders; pick another`;
    return t`${durationId} is not offered for ${kind} orders; pick another`;
  },
  'expiry.notCarried': ({ duration }) =>
    duration
      ? t`${duration} needs an expiry, which a batch order cannot carry: pick another duration`
      : t`This duration needs an expiry, which a batch order cannot carry: pick another duration`,
  'price.missing': () => t`Enter a price`,
  'price.notPositive': () => t`Enter a positive number, like 100012.5`,
  'price.noMark': ({ symbol }) => t`No usable mark price for ${symbol} yet`,
  'price.offTick': ({ tick }) => t`Use a multiple of the tick ${tick}`,
  'price.outOfBand': ({ bandPercent, direction, mark }) => {
    const markPrice = groupDecimalText(mark);
    return direction === 'above' ? t`More than ${bandPercent}% above mark ${markPrice}` : t`More than ${bandPercent}% below mark ${markPrice}`;
  },
  'size.amountNotMarket': () => t`Only market orders can be sized by amount`,
  'size.missingAmount': () => t`Enter an amount`,
  'size.missingQuantity': () => t`Enter a quantity`,
  'size.missingNotional': () => t`Enter a size in USD`,
  'size.notionalNoPrice': ({ from, symbol }) =>
    from === 'limit' ? t`Enter a price first: the quantity sent is USD ÷ price` : t`No mark price for ${symbol} yet to turn USD into a quantity`,
  'size.notionalBelowStep': ({ notional, step }) => {
    const usd = groupDecimalText(notional);
    return t`${usd} USD buys less than the step ${step}: nothing to send`;
  },
  'size.amountBelowStepAtBound': ({ amount, step, bound }) => {
    const usdc = groupDecimalText(amount);
    const boundPrice = groupDecimalText(bound);
    return t`${usdc} USDC buys less than the step ${step} at the bound ${boundPrice}: nothing to send`;
  },
  'size.notPositive': () => t`Enter a positive number`,
  'size.offStep': ({ step }) => t`Use a multiple of the step ${step}`,
  // As the field shows it ("98,5" in German), since the trader compares the two.
  'price.refusedKey': (params) => {
    const text = shownDecimal(params.text, separators());
    return t`A key was refused while typing this price: is ${text} the price you meant?`;
  },
  'size.refusedKey': (params) => {
    const text = shownDecimal(params.text, separators());
    return t`A key was refused while typing this quantity: is ${text} the quantity you meant?`;
  },
  'price.leadingZero': ({ text }) => t`${text} starts with 0 and another digit: a decimal separator missing? Check the price`,
  'size.leadingZero': ({ text }) => t`${text} starts with 0 and another digit: a decimal separator missing? Check the quantity`,
  'price.tenfold': ({ last, larger }) => {
    const lastPrice = groupDecimalText(last);
    return larger
      ? t`10× or more the last price sent in this market (${lastPrice}): check it`
      : t`A tenth or less of the last price sent in this market (${lastPrice}): check it`;
  },
  'size.tenfold': ({ last, larger }) => {
    const lastQuantity = groupDecimalText(last);
    return larger
      ? t`10× or more the last quantity sent in this market (${lastQuantity}): check it`
      : t`A tenth or less of the last quantity sent in this market (${lastQuantity}): check it`;
  },
  'visible.notNumber': () => t`Enter a number, or leave empty to show it all`,
  'visible.notForType': ({ orderType }) => t`Does not apply to ${orderType} orders; leave it empty`,
  'visible.withAmount': () => t`Not with an amount`,
  'visible.aboveSize': () => t`Cannot exceed the quantity`,
  'visible.offStep': ({ step }) => t`Use a multiple of the step ${step}`,
  'tag.tooLong': ({ max }) => t`At most ${max} characters`,
  'clientId.tooLong': ({ max }) => t`At most ${max} characters`,
  'clientId.badCharacters': () => t`Letters, digits and "-" only, not starting with "-"`,
  'clientId.repeated': ({ order }) => t`Also used by order ${order} of this ticket`,
  'clientId.inJournal': () => t`Already used by an order in the journal`,
  'symbol.markUnverified': ({ ageSeconds }) => t`Unverified: prices are ${ageSeconds} s old, checks against mark may be wrong`,
  'price.postOnlyCrosses': ({ side, mark }) => {
    const markPrice = groupDecimalText(mark);
    return side === 'BUY'
      ? t`Post-only buy at or above mark ${markPrice} would cross: it would be rejected, not placed`
      : t`Post-only sell at or below mark ${markPrice} would cross: it would be rejected, not placed`;
  },
  'price.marketable': ({ bandPercent, direction, mark }) => {
    const markPrice = groupDecimalText(mark);
    return direction === 'above'
      ? t`Marketable: more than ${bandPercent}% above mark ${markPrice}, it fills at once`
      : t`Marketable: more than ${bandPercent}% below mark ${markPrice}, it fills at once`;
  },
  'size.extraDigit': ({ notional, median, factor }) => t`${notional} USDC is ${factor}× or more the ticket's usual ${median}: a digit too many?`,
  'ticket.empty': () => t`The ticket has no orders`,
  'ticket.fixOne': () => t`Fix the order first`,
  'ticket.fixMany': ({ invalid, orders }) =>
    plural(orders, { one: `Fix ${invalid} of # order first`, other: `Fix ${invalid} of # orders first` }),
  'ticket.heldAlone': heldAloneMessage,
  ...heldMessages,
};

/** An order's side as the service names it (BUY, SELL), where the ticket shows the code itself. */
export function sideWord(side: 'BUY' | 'SELL'): string {
  return side === 'BUY'
    ? t({ message: 'BUY', context: 'order side, as the service writes it' })
    : t({ message: 'SELL', context: 'order side, as the service writes it' });
}

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
