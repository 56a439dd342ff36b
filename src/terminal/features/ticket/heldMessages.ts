import { plural, t } from '@lingui/core/macro';
import { firesAsMarkFalls } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';
import type { HeldIssueParams } from './model/issues';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';

/** A stop or take-profit whose trigger the mark has already crossed, in the trader's words. */
function firesAtOnce({ side, stop, mark }: HeldIssueParams['held.firesAtOnce']): string {
  const markPrice = groupDecimalText(mark);
  return firesAsMarkFalls(side, stop)
    ? t`The mark ${markPrice} is already at or below this trigger: it fires at once`
    : t`The mark ${markPrice} is already at or above this trigger: it fires at once`;
}

function wrongSide({ exit, side, entry }: HeldIssueParams['bracket.wrongSide']): string {
  const price = groupDecimalText(entry);
  const above = (exit === 'takeProfit') === (side === 'BUY');
  if (exit === 'takeProfit') {
    return above ? t`A take-profit on a buy goes above the entry ${price}` : t`A take-profit on a sell goes below the entry ${price}`;
  }
  return above ? t`A stop-loss on a sell goes above the entry ${price}` : t`A stop-loss on a buy goes below the entry ${price}`;
}

/** The ticket's words for the issues of held kinds and brackets (messages.ts takes them in). */
export const heldMessages: { [C in keyof HeldIssueParams]: (params: HeldIssueParams[C]) => string } = {
  'held.singleOrderOnly': () => t`A held order or take-profit / stop-loss is sent alone, from the Order tool`,
  'held.missing': () => t`Enter a value`,
  'held.notPositive': () => t`Enter a positive number`,
  'held.offTick': ({ tick }) => t`Use a multiple of the tick ${tick}`,
  'held.quantityOnly': () => t`Held orders are sized by quantity or USD, not by amount`,
  'held.limitOutOfBand': ({ bandPercent, direction, trigger }) => {
    const price = groupDecimalText(trigger);
    return direction === 'above'
      ? t`More than ${bandPercent}% above the trigger ${price}: the service would refuse it when it fires`
      : t`More than ${bandPercent}% below the trigger ${price}: the service would refuse it when it fires`;
  },
  'held.firesAtOnce': firesAtOnce,
  'held.limitRests': ({ side, trigger }) => {
    const price = groupDecimalText(trigger);
    return side === 'BUY'
      ? t`Below the trigger ${price}: when it fires, a buy at this limit may rest unfilled`
      : t`Above the trigger ${price}: when it fires, a sell at this limit may rest unfilled`;
  },
  'trailing.tooWide': ({ max }) => t`At most ${max}%`,
  'twap.durationBounds': ({ minMinutes, maxHours }) => t`From ${minMinutes} minute to ${maxHours} hours`,
  'twap.wholeMilliseconds': () => t`Use whole milliseconds`,
  'twap.sliceTooFast': ({ minSeconds }) => t`At least ${minSeconds} s: the service takes one batch a second`,
  'twap.sliceLongerThanDuration': () => t`A slice cannot be longer than the whole duration`,
  'twap.percentAbove': ({ max }) => t`At most ${max}%`,
  'twap.sliceBelowStep': ({ slice, step }) => t`Each slice would be ${slice}, less than the step ${step}: fewer slices or more quantity`,
  'bracket.wrongSide': wrongSide,
  'bracket.needsQuantity': () => t`Exits close the entry's quantity: size the entry by quantity, not by amount`,
  'bracket.restingEntry': ({ side, mark }) => {
    const markPrice = groupDecimalText(mark);
    return side === 'BUY'
      ? t`The entry rests below the mark ${markPrice}: its take-profit is armed when the entry is accepted, not when it fills, and may sell before the entry buys`
      : t`The entry rests above the mark ${markPrice}: its take-profit is armed when the entry is accepted, not when it fills, and may buy before the entry sells`;
  },
  'bracket.crossed': ({ mark }) => {
    const markPrice = groupDecimalText(mark);
    return t`The mark ${markPrice} has already crossed this trigger: the exit would fire as soon as the entry is accepted, before it fills`;
  },
};

export const heldAloneMessage = ({ orders }: { orders: number }) =>
  plural(orders, {
    one: 'A held order or bracket goes alone: the ticket has # order',
    other: 'A held order or bracket goes alone: remove the other orders of the ticket (it has #)',
  });
