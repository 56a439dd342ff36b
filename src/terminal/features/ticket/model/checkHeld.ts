import { baseAsset, type BracketRequest, type HeldOrderRequest, type Side } from '@/interface';
import { bracketExits, bracketIssues, bracketPlan, bracketWarnings, type BracketPlan } from './checkBracket';
import { checkTicket, rowIssues, type TicketCheck } from './checkTicket';
import { Big, parseDecimal, roundToStep, stepOf, toWireNumber } from './decimal';
import { hasBracket, heldOf } from './heldRow';
import { heldTypeOf, isStopKind, limitKinds, triggeredKinds, type HeldFields, type HeldKind } from './heldTypes';
import { heldKindIssues, heldKindWarnings, millisecondsOf } from './heldValidators';
import { blocker, isError, issue, type RowIssues, type TicketBlocker, type TicketIssue } from './issues';
import { notionalQuantity } from './notional';
import { usableMark } from './rowBasics';
import { heldSlipWarnings } from './slipWarnings';
import type { DraftRow, MarketContext, TicketContext } from './types';

export type { BracketPlan } from './checkBracket';

interface PlanBase {
  symbol: string;
  side: Side;
  /** The base quantity sent, in the instrument's decimals, and its asset. */
  quantity: string;
  base: string;
}

/** What a held order will do, as the confirmation says it; prices in the market's decimals. */
export type HeldPlan =
  | (PlanBase & { shape: 'trigger'; stop: boolean; trigger: string; limitPrice?: string })
  | (PlanBase & { shape: 'trailing'; percent?: string; distance?: string; best?: string; firesAt?: string })
  | (PlanBase & {
      shape: 'twap';
      durationMs: number;
      sliceMs: number;
      /** The average slice: its check against the step. */
      sliceQuantity: string;
      /** What a slice sends, on the step: `sliceLow`, or between it and `sliceHigh` (sizes are rounded down, the rest spread). */
      sliceLow: string;
      sliceHigh?: string;
      slippagePercent?: string;
      priceLimit?: string;
      randomizePercent?: string;
    });

/** What the ticket arms: a held order, or an entry with its exits. */
export type ArmRequest = { kind: 'held'; body: HeldOrderRequest } | { kind: 'bracket'; body: BracketRequest };

export interface HeldCheck {
  mode: 'held' | 'bracket';
  rowId: string;
  /** The first error of each field (a bracket: the entry's own with its exits'). */
  issues: RowIssues;
  warnings: TicketIssue[];
  blockers: TicketBlocker[];
  plan?: HeldPlan;
  bracket?: BracketPlan;
  /** A bracket's entry checked as the one-order ticket it is sent as (its summary, its confirmation lines). */
  entry?: TicketCheck;
  /** Present only when nothing blocks. */
  request?: ArmRequest;
}

function firstPerField(found: readonly TicketIssue[], into: RowIssues = {}): RowIssues {
  for (const item of found) if (isError(item) && !into[item.field]) into[item.field] = item;
  return into;
}

/** A held order is sized in base units: a USD size is turned into one at the mark, an amount is refused. */
function heldQuantity(row: DraftRow, market: MarketContext | undefined, context: TicketContext) {
  const asMarket: DraftRow = { ...row, kind: 'market', heldKind: undefined, held: undefined, visibleQuantity: '', clientOrderId: '', pasteError: undefined };
  const rowContext = { ...context, earlierClientIds: new Map<string, number>() };
  const issues = rowIssues(asMarket, market, rowContext);
  const own = { symbol: issues.symbol, size: issues.size };
  if (row.sizeUnit === 'amount' && !own.size) own.size = issue('held.quantityOnly', 'size', {});
  // An amount is not a quantity: no plan is worded from it ("buy 200 SOL" for 200 USDC).
  if (row.sizeUnit === 'amount') return { issues: own, quantity: undefined };
  const quantity = row.sizeUnit === 'notional' ? notionalQuantity(asMarket, market, rowContext) : parseDecimal(row.size);
  return { issues: own, quantity: quantity?.gt(0) ? quantity : undefined };
}

const text = (value: Big, market: MarketContext) => value.toFixed(market.priceDecimals);
const optionalText = (value: string) => (value.trim() === '' ? undefined : parseDecimal(value)?.toFixed());

/** Where a trailing stop would fire were the mark now its best: the mark less (a BUY: plus) the distance. */
function trailingLevel(side: Side, held: HeldFields, mark: Big, market: MarketContext): Big {
  const amount = parseDecimal(held.trailing) ?? new Big(0);
  const distance = held.trailingUnit === 'percent' ? mark.times(amount).div(100) : amount;
  return roundToStep(side === 'SELL' ? mark.minus(distance) : mark.plus(distance), stepOf(market.priceDecimals));
}

function planOf(kind: HeldKind, row: DraftRow, held: HeldFields, quantity: Big, market: MarketContext): HeldPlan | undefined {
  const base = { symbol: row.symbol, side: row.side, quantity: quantity.toFixed(), base: baseAsset(row.symbol) ?? '' };
  const price = (value: string) => text(parseDecimal(value) ?? new Big(0), market);
  if (triggeredKinds.includes(kind)) {
    // A trigger or limit not typed yet: no words of "at limit 0.0" (its field says what is missing).
    const typed = (value: string) => parseDecimal(value)?.gt(0) === true;
    if (!typed(held.trigger) || (limitKinds.includes(kind) && !typed(held.limitPrice))) return undefined;
    return { ...base, shape: 'trigger', stop: isStopKind(kind), trigger: price(held.trigger), limitPrice: limitKinds.includes(kind) ? price(held.limitPrice) : undefined };
  }
  if (kind === 'trailing') {
    const mark = usableMark(market);
    const percent = held.trailingUnit === 'percent' ? optionalText(held.trailing) : undefined;
    const distance = held.trailingUnit === 'price' ? price(held.trailing) : undefined;
    return { ...base, shape: 'trailing', percent, distance, best: mark ? text(mark, market) : undefined, firesAt: mark ? text(trailingLevel(row.side, held, mark, market), market) : undefined };
  }
  const durationMs = millisecondsOf(held.twapMinutes, 60_000)?.toNumber() ?? 0;
  const sliceMs = millisecondsOf(held.twapSliceSeconds, 1000)?.toNumber() ?? 1;
  const slices = Math.max(1, Math.floor(durationMs / sliceMs));
  const average = quantity.div(slices);
  const sliceQuantity = average.toFixed(Math.max(market.quantityDecimals, 4)).replace(/\.?0+$/, '');
  const step = stepOf(market.quantityDecimals);
  const low = average.div(step).round(0, Big.roundDown).times(step);
  const sliceLow = (low.gt(0) ? low : step).toFixed();
  const sliceHigh = low.eq(average) || !low.gt(0) ? undefined : low.plus(step).toFixed();
  const priceLimit = held.twapPriceLimit.trim() === '' ? undefined : price(held.twapPriceLimit);
  return { ...base, shape: 'twap', durationMs, sliceMs, sliceQuantity, sliceLow, sliceHigh, slippagePercent: optionalText(held.twapSlippage), priceLimit, randomizePercent: optionalText(held.twapRandomize) };
}

const wire = (value: string) => toWireNumber(parseDecimal(value) ?? new Big(0));

/** The held order as POST /api/held-orders takes it, from fields without errors. */
export function heldRequestOf(kind: HeldKind, row: DraftRow, held: HeldFields, quantity: Big): HeldOrderRequest {
  const body: HeldOrderRequest = { type: heldTypeOf[kind], symbol: row.symbol, side: row.side, order_quantity: toWireNumber(quantity) };
  if (triggeredKinds.includes(kind)) body.trigger_price = wire(held.trigger);
  if (limitKinds.includes(kind)) body.order_price = wire(held.limitPrice);
  if (kind === 'trailing' && held.trailingUnit === 'percent') body.trailing_percent = wire(held.trailing);
  if (kind === 'trailing' && held.trailingUnit === 'price') body.trailing_distance = wire(held.trailing);
  if (kind !== 'twap') return body;
  body.duration_ms = millisecondsOf(held.twapMinutes, 60_000)?.toNumber();
  body.slice_ms = millisecondsOf(held.twapSliceSeconds, 1000)?.toNumber();
  if (held.twapSlippage.trim() !== '') body.max_slippage_percent = wire(held.twapSlippage);
  if (held.twapPriceLimit.trim() !== '') body.price_limit = wire(held.twapPriceLimit);
  if (held.twapRandomize.trim() !== '') body.randomize_percent = wire(held.twapRandomize);
  return body;
}

/** A TWAP slice smaller than one step of the instrument cannot be sent. */
function sliceBelowStep(plan: HeldPlan, market: MarketContext): TicketIssue[] {
  if (plan.shape !== 'twap') return [];
  const step = stepOf(market.quantityDecimals);
  return new Big(plan.sliceQuantity).lt(step) ? [issue('twap.sliceBelowStep', 'held.twapSliceSeconds', { slice: plan.sliceQuantity, step: step.toFixed() })] : [];
}

function checkHeldRow(kind: HeldKind, row: DraftRow, market: MarketContext | undefined, context: TicketContext) {
  const held = heldOf(row);
  const sized = heldQuantity(row, market, context);
  const issues = firstPerField(heldKindIssues(kind, held, market), { ...sized.issues });
  const warnings = [...heldSlipWarnings(row, market, context), ...heldKindWarnings(kind, row.side, held, market)];
  const plan = market && sized.quantity ? planOf(kind, row, held, sized.quantity, market) : undefined;
  if (plan && market) firstPerField(sliceBelowStep(plan, market), issues);
  const ok = !Object.values(issues).some((found) => found && isError(found));
  const request = ok && sized.quantity ? heldRequestOf(kind, row, held, sized.quantity) : undefined;
  return { issues, warnings, plan, request };
}

/**
 * The single-order ticket when its order is held by the proxy (a stop, take-profit, trailing stop
 * or TWAP) or is an entry with a take-profit or stop-loss (a bracket); undefined for an order sent
 * now as today. Pure, like checkTicket: the same ticket and markets give the same result.
 */
export function checkHeldTicket(rows: readonly DraftRow[], activeRowId: string, context: TicketContext): HeldCheck | undefined {
  const index = Math.max(0, rows.findIndex((row) => row.id === activeRowId));
  const row = rows[index];
  if (!row || (row.heldKind === undefined && !hasBracket(row))) return undefined;
  const market = context.markets.get(row.symbol);
  const blockers: TicketBlocker[] = rows.length > 1 ? [blocker('ticket.heldAlone', { orders: rows.length })] : [];
  const result = (mode: HeldCheck['mode'], found: Omit<HeldCheck, 'mode' | 'rowId' | 'blockers'>, request: ArmRequest | undefined): HeldCheck => {
    if (Object.values(found.issues).some((item) => item && isError(item))) blockers.push(blocker('ticket.fixOne', {}));
    return { mode, rowId: row.id, ...found, blockers, request: blockers.length === 0 ? request : undefined };
  };
  if (row.heldKind !== undefined) {
    const { request, ...found } = checkHeldRow(row.heldKind, row, market, context);
    return result('held', found, request && { kind: 'held', body: request });
  }
  // The entry checked as the order it is, without the exits that keep it out of a batch.
  const entryCheck = checkTicket([{ ...row, held: undefined }], context);
  const entry = entryCheck.rows[0] ?? { issues: {}, warnings: [], order: undefined };
  const held = heldOf(row);
  const issues = firstPerField(bracketIssues(row, held, market, entry.order), { ...entry.issues });
  // The entry's own warnings came with its check; its exits' refused keys are asked about here.
  const exitsRefused = heldSlipWarnings(row, market, context).filter((found) => found.field.startsWith('held.'));
  const warnings = [...entry.warnings, ...bracketWarnings(row, held, market), ...exitsRefused];
  const request: ArmRequest | undefined = entry.order ? { kind: 'bracket', body: { entry: entry.order, ...bracketExits(held) } } : undefined;
  return result('bracket', { issues, warnings, bracket: bracketPlan(held, market), entry: entryCheck }, request);
}
