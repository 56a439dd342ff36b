import type { OrderType } from '@/interface';
import type { RowField } from './types';

/**
 * What can be wrong with a row, as data: the code names the rule, params carry the numbers and
 * names its message needs. The words live in one table (messages.ts), so the view picks them and a
 * translation swaps them without touching the rules.
 */
export interface RowIssueParams {
  'paste.badLine': { line: number; reason: string };
  'symbol.missing': Record<string, never>;
  'symbol.unknown': { symbol: string };
  'duration.notOffered': { durationId: string; kind: string };
  'expiry.notCarried': { duration?: string };
  'price.missing': Record<string, never>;
  'price.notPositive': Record<string, never>;
  'price.noMark': { symbol: string };
  'price.offTick': { tick: string };
  'price.outOfBand': { bandPercent: number; direction: 'above' | 'below'; mark: string };
  'size.amountNotMarket': Record<string, never>;
  'size.missingAmount': Record<string, never>;
  'size.missingQuantity': Record<string, never>;
  'size.missingNotional': Record<string, never>;
  'size.notionalNoPrice': { from: 'limit' | 'mark'; symbol: string };
  'size.notionalBelowStep': { notional: string; step: string };
  'size.amountBelowStepAtBound': { amount: string; step: string; bound: string };
  'size.notPositive': Record<string, never>;
  'size.offStep': { step: string };
  'price.refusedKey': { text: string };
  'size.refusedKey': { text: string };
  'price.leadingZero': { text: string };
  'size.leadingZero': { text: string };
  'price.tenfold': { last: string; larger: boolean };
  'size.tenfold': { last: string; larger: boolean };
  'visible.notNumber': Record<string, never>;
  'visible.notForType': { orderType: OrderType };
  'visible.withAmount': Record<string, never>;
  'visible.aboveSize': Record<string, never>;
  'visible.offStep': { step: string };
  'tag.tooLong': { max: number };
  'clientId.tooLong': { max: number };
  'clientId.badCharacters': Record<string, never>;
  'clientId.repeated': { order: number };
  'clientId.inJournal': Record<string, never>;
  'symbol.markUnverified': { ageSeconds: number };
  'price.postOnlyCrosses': { side: 'BUY' | 'SELL'; mark: string };
  'price.marketable': { bandPercent: number; direction: 'above' | 'below'; mark: string };
  'size.extraDigit': { notional: string; median: string; factor: number };
}

/** What can be wrong with a held kind's fields or a bracket's exits (model/heldValidators.ts). */
export interface HeldIssueParams {
  'held.singleOrderOnly': Record<string, never>;
  'held.missing': Record<string, never>;
  'held.notPositive': Record<string, never>;
  'held.offTick': { tick: string };
  'held.quantityOnly': Record<string, never>;
  'held.limitOutOfBand': { bandPercent: number; direction: 'above' | 'below'; trigger: string };
  'held.firesAtOnce': { side: 'BUY' | 'SELL'; stop: boolean; mark: string };
  'held.limitRests': { side: 'BUY' | 'SELL'; trigger: string };
  'trailing.tooWide': { max: number };
  'twap.durationBounds': { minMinutes: number; maxHours: number };
  'twap.wholeMilliseconds': Record<string, never>;
  'twap.sliceTooFast': { minSeconds: number };
  'twap.sliceLongerThanDuration': Record<string, never>;
  'twap.percentAbove': { max: number };
  'twap.sliceBelowStep': { slice: string; step: string };
  'bracket.wrongSide': { exit: 'takeProfit' | 'stopLoss'; side: 'BUY' | 'SELL'; entry: string };
  'bracket.needsQuantity': Record<string, never>;
  'bracket.crossed': { mark: string };
  'bracket.restingEntry': { side: 'BUY' | 'SELL'; mark: string };
}

/** Why a whole ticket cannot be sent. */
export interface TicketBlockerParams {
  'ticket.empty': Record<string, never>;
  'ticket.fixOne': Record<string, never>;
  'ticket.fixMany': { invalid: number; orders: number };
  /** A held kind or a bracket goes as one order: the other rows of a batch cannot go with it. */
  'ticket.heldAlone': { orders: number };
}

export type RowIssueCode = keyof RowIssueParams | keyof HeldIssueParams;
type AllRowIssueParams = RowIssueParams & HeldIssueParams;
export type TicketBlockerCode = keyof TicketBlockerParams;
export type IssueCode = RowIssueCode | TicketBlockerCode;
export type IssueParams = AllRowIssueParams & TicketBlockerParams;

/** An error blocks sending; a warning is shown and lets the ticket go. */
export type IssueSeverity = 'error' | 'warning';

export type TicketIssue = {
  [C in RowIssueCode]: { code: C; field: RowField; severity: IssueSeverity; params: AllRowIssueParams[C] };
}[RowIssueCode];

export type TicketBlocker = {
  [C in TicketBlockerCode]: { code: C; severity: 'error'; params: TicketBlockerParams[C] };
}[TicketBlockerCode];

/** The issue of one field: the first rule it breaks. */
export type RowIssues = Partial<Record<RowField, TicketIssue>>;

export function issue<C extends RowIssueCode>(code: C, field: RowField, params: AllRowIssueParams[C]): TicketIssue {
  return { code, field, severity: 'error', params } as TicketIssue;
}

export function warning<C extends RowIssueCode>(code: C, field: RowField, params: AllRowIssueParams[C]): TicketIssue {
  return { code, field, severity: 'warning', params } as TicketIssue;
}

export function blocker<C extends TicketBlockerCode>(code: C, params: TicketBlockerParams[C]): TicketBlocker {
  return { code, severity: 'error', params } as TicketBlocker;
}

export const isError = (found: { severity: IssueSeverity }) => found.severity === 'error';
