import { crossedAlready, limitRestsBeyond, MAX_SLIPPAGE_PERCENT, MAX_TWAP_DURATION_MS, MIN_TWAP_DURATION_MS, MIN_TWAP_SLICE_MS, type Side } from '@/interface';
import type { Big} from './decimal';
import { isMultipleOf, parseDecimal, stepOf } from './decimal';
import { limitKinds, isStopKind, triggeredKinds, type HeldFields, type HeldKind } from './heldTypes';
import { issue, warning, type TicketIssue } from './issues';
import { markText, usableMark } from './rowBasics';
import type { HeldField, MarketContext } from './types';
import { PRICE_BAND } from './validators';

/** The widest trailing distance in percent the proxy takes. */
export const MAX_TRAILING_PERCENT = 50;
export const MAX_RANDOMIZE_PERCENT = 50;

const field = (name: keyof HeldFields): HeldField => `held.${name}`;

/** A price typed in a held field: missing (when required), not a positive number, or off the tick. */
export function priceIssue(held: HeldFields, name: keyof HeldFields, market: MarketContext | undefined, required: boolean): TicketIssue | undefined {
  const text = String(held[name]).trim();
  if (text === '') return required ? issue('held.missing', field(name), {}) : undefined;
  const price = parseDecimal(text);
  if (!price?.gt(0)) return issue('held.notPositive', field(name), {});
  const tick = market ? stepOf(market.priceDecimals) : undefined;
  return tick && !isMultipleOf(price, tick) ? issue('held.offTick', field(name), { tick: tick.toFixed() }) : undefined;
}

/** A limit price of a fired order: the mark is near the trigger then, so the service's band is judged from it. */
export function limitInBand(held: HeldFields, limitName: keyof HeldFields, triggerName: keyof HeldFields, market: MarketContext | undefined): TicketIssue | undefined {
  const limit = parseDecimal(String(held[limitName]));
  const trigger = parseDecimal(String(held[triggerName]));
  if (!limit?.gt(0) || !trigger?.gt(0) || limit.minus(trigger).abs().lte(trigger.times(PRICE_BAND))) return undefined;
  const triggerText = market ? trigger.toFixed(market.priceDecimals) : trigger.toFixed();
  return issue('held.limitOutOfBand', field(limitName), { bandPercent: PRICE_BAND * 100, direction: limit.gt(trigger) ? 'above' : 'below', trigger: triggerText });
}

/**
 * Whether a trigger is already crossed by the mark, so the order would fire on the proxy's next
 * poll: a SELL stop fires at mark ≤ trigger, a BUY stop at mark ≥ trigger; a take-profit the other way.
 */
export const firesAtOnce = (side: Side, stop: boolean, trigger: Big, mark: Big): boolean => crossedAlready(side, stop, mark.cmp(trigger));

export function firesAtOnceWarning(side: Side, stop: boolean, name: keyof HeldFields, held: HeldFields, market: MarketContext | undefined): TicketIssue | undefined {
  const trigger = parseDecimal(String(held[name]));
  const mark = usableMark(market);
  if (!trigger?.gt(0) || !mark || !market || !firesAtOnce(side, stop, trigger, mark)) return undefined;
  return warning('held.firesAtOnce', field(name), { side, stop, mark: markText(mark, market) });
}

/**
 * A limit on the far side of its trigger from where the price is going when it fires (a buy stop
 * limit below its trigger, a sell above): the order it sends rests instead of filling. A warning,
 * asked about, since a patient limit may be meant; a protective stop that does not fill rarely is.
 */
export function limitRestsWarning(side: Side, limitName: keyof HeldFields, triggerName: keyof HeldFields, held: HeldFields, market: MarketContext | undefined): TicketIssue | undefined {
  const limit = parseDecimal(String(held[limitName]));
  const trigger = parseDecimal(String(held[triggerName]));
  if (!limit?.gt(0) || !trigger?.gt(0) || !limitRestsBeyond(side, limit.cmp(trigger))) return undefined;
  return warning('held.limitRests', field(limitName), { side, trigger: market ? trigger.toFixed(market.priceDecimals) : trigger.toFixed() });
}

function triggerIssues(kind: HeldKind, held: HeldFields, market: MarketContext | undefined): (TicketIssue | undefined)[] {
  const limit = limitKinds.includes(kind);
  return [
    priceIssue(held, 'trigger', market, true),
    limit ? priceIssue(held, 'limitPrice', market, true) : undefined,
    limit ? limitInBand(held, 'limitPrice', 'trigger', market) : undefined,
  ];
}

function trailingIssues(held: HeldFields, market: MarketContext | undefined): (TicketIssue | undefined)[] {
  if (held.trailingUnit === 'price') return [priceIssue(held, 'trailing', market, true)];
  const text = held.trailing.trim();
  if (text === '') return [issue('held.missing', field('trailing'), {})];
  const percent = parseDecimal(text);
  if (!percent?.gt(0)) return [issue('held.notPositive', field('trailing'), {})];
  return percent.gt(MAX_TRAILING_PERCENT) ? [issue('trailing.tooWide', field('trailing'), { max: MAX_TRAILING_PERCENT })] : [];
}

/** Milliseconds of a time typed in units of `unitMs` (exact: 1.5 minutes is 90 000 ms). */
export function millisecondsOf(text: string, unitMs: number): Big | undefined {
  const value = parseDecimal(text);
  return value?.times(unitMs);
}

function timeIssues(held: HeldFields): (TicketIssue | undefined)[] {
  const duration = millisecondsOf(held.twapMinutes, 60_000);
  const slice = millisecondsOf(held.twapSliceSeconds, 1000);
  const durationIssue = () => {
    if (held.twapMinutes.trim() === '') return issue('held.missing', field('twapMinutes'), {});
    if (!duration?.gt(0)) return issue('held.notPositive', field('twapMinutes'), {});
    if (duration.lt(MIN_TWAP_DURATION_MS) || duration.gt(MAX_TWAP_DURATION_MS)) {
      return issue('twap.durationBounds', field('twapMinutes'), { minMinutes: MIN_TWAP_DURATION_MS / 60_000, maxHours: MAX_TWAP_DURATION_MS / 3_600_000 });
    }
    return duration.round(0).eq(duration) ? undefined : issue('twap.wholeMilliseconds', field('twapMinutes'), {});
  };
  const sliceIssue = () => {
    if (held.twapSliceSeconds.trim() === '') return issue('held.missing', field('twapSliceSeconds'), {});
    if (!slice?.gt(0)) return issue('held.notPositive', field('twapSliceSeconds'), {});
    if (slice.lt(MIN_TWAP_SLICE_MS)) return issue('twap.sliceTooFast', field('twapSliceSeconds'), { minSeconds: MIN_TWAP_SLICE_MS / 1000 });
    if (!slice.round(0).eq(slice)) return issue('twap.wholeMilliseconds', field('twapSliceSeconds'), {});
    return duration?.gt(0) && slice.gt(duration) ? issue('twap.sliceLongerThanDuration', field('twapSliceSeconds'), {}) : undefined;
  };
  return [durationIssue(), sliceIssue()];
}

/** An optional percent: empty is fine, else a number from `min` (exclusive when 0 is not allowed) to `max`. */
function percentIssue(held: HeldFields, name: 'twapSlippage' | 'twapRandomize', max: number, zeroAllowed: boolean): TicketIssue | undefined {
  const text = held[name].trim();
  if (text === '') return undefined;
  const value = parseDecimal(text);
  if (!value || (zeroAllowed ? value.lt(0) : !value.gt(0))) return issue('held.notPositive', field(name), {});
  return value.gt(max) ? issue('twap.percentAbove', field(name), { max }) : undefined;
}

function twapIssues(held: HeldFields, market: MarketContext | undefined): (TicketIssue | undefined)[] {
  return [
    ...timeIssues(held),
    percentIssue(held, 'twapSlippage', MAX_SLIPPAGE_PERCENT, false),
    percentIssue(held, 'twapRandomize', MAX_RANDOMIZE_PERCENT, true),
    priceIssue(held, 'twapPriceLimit', market, false),
  ];
}

/** The errors of a held kind's own fields, in the order each field's first is kept. */
export function heldKindIssues(kind: HeldKind, held: HeldFields, market: MarketContext | undefined): TicketIssue[] {
  let found: (TicketIssue | undefined)[];
  if (triggeredKinds.includes(kind)) found = triggerIssues(kind, held, market);
  else if (kind === 'trailing') found = trailingIssues(held, market);
  else found = twapIssues(held, market);
  return found.filter((item) => item !== undefined);
}

/** What a held kind probably did not mean: a trigger the mark has already crossed. */
export function heldKindWarnings(kind: HeldKind, side: Side, held: HeldFields, market: MarketContext | undefined): TicketIssue[] {
  if (!triggeredKinds.includes(kind)) return [];
  const rests = limitKinds.includes(kind) ? limitRestsWarning(side, 'limitPrice', 'trigger', held, market) : undefined;
  return [firesAtOnceWarning(side, isStopKind(kind), 'trigger', held, market), rests].filter((found) => found !== undefined);
}
