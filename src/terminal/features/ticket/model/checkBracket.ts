import type { OrderRequest, Side } from '@/interface';
import { parseDecimal, toWireNumber, type Big } from './decimal';
import type { HeldFields } from './heldTypes';
import { firesAtOnce, limitInBand, limitRestsWarning, priceIssue } from './heldValidators';
import { issue, warning, type TicketIssue } from './issues';
import { markText, usableMark } from './rowBasics';
import type { DraftRow, MarketContext } from './types';

/** A bracket's exit as the confirmation says it: its trigger and, for a LIMIT exit, its price. */
export interface ExitPlan {
  trigger: string;
  limitPrice?: string;
}

export interface BracketPlan {
  takeProfit?: ExitPlan;
  stopLoss?: ExitPlan;
}

const exits = [
  { exit: 'takeProfit', trigger: 'takeProfit', price: 'takeProfitPrice' },
  { exit: 'stopLoss', trigger: 'stopLoss', price: 'stopLossPrice' },
] as const;

const opposite = (side: Side): Side => (side === 'BUY' ? 'SELL' : 'BUY');

/** The price an entry is judged at: its limit, or the mark for a market order. */
export function entryReference(row: DraftRow, market: MarketContext | undefined): Big | undefined {
  if (row.kind === 'market') return usableMark(market);
  const price = parseDecimal(row.price);
  return price?.gt(0) ? price : undefined;
}

/**
 * A take-profit above a BUY entry and a stop-loss below it (mirrored for a SELL): an exit on the
 * wrong side of its entry would close the position at a loss it calls a profit, or at once.
 */
function wrongSide(exit: 'takeProfit' | 'stopLoss', row: DraftRow, trigger: Big | undefined, entry: Big | undefined, market: MarketContext | undefined) {
  if (!trigger?.gt(0) || !entry) return undefined;
  const above = (exit === 'takeProfit') === (row.side === 'BUY');
  const right = above ? trigger.gt(entry) : trigger.lt(entry);
  const entryText = market ? entry.toFixed(market.priceDecimals) : entry.toFixed();
  return right ? undefined : issue('bracket.wrongSide', `held.${exit}`, { exit, side: row.side, entry: entryText });
}

/**
 * An exit the mark has already crossed: exits are armed when the entry is accepted, not when it
 * fills, so it would fire at once, before a resting entry fills (a new position the other way) or
 * just after a marketable one (stopped out at once). Refused, by the proxy too.
 */
function crossed(exit: 'takeProfit' | 'stopLoss', row: DraftRow, trigger: Big | undefined, market: MarketContext | undefined) {
  const mark = usableMark(market);
  if (!trigger?.gt(0) || !mark || !market || !firesAtOnce(opposite(row.side), exit === 'stopLoss', trigger, mark)) return undefined;
  return issue('bracket.crossed', `held.${exit}`, { mark: markText(mark, market) });
}

/** The errors of a bracket's exits: each trigger (needed once its limit price is typed), its price, its side. */
export function bracketIssues(row: DraftRow, held: HeldFields, market: MarketContext | undefined, order: OrderRequest | undefined): TicketIssue[] {
  const entry = entryReference(row, market);
  const found = exits.flatMap(({ exit, trigger, price }) => [
    priceIssue(held, trigger, market, held[price].trim() !== ''),
    priceIssue(held, price, market, false),
    limitInBand(held, price, trigger, market),
    wrongSide(exit, row, parseDecimal(held[trigger]), entry, market) ?? crossed(exit, row, parseDecimal(held[trigger]), market),
  ]);
  // The exits close the entry's quantity: an entry sized by amount has none to give them.
  if (order && order.order_quantity === undefined) found.push(issue('bracket.needsQuantity', 'size', {}));
  return found.filter((item) => item !== undefined);
}

/**
 * A take-profit on an entry that rests (a buy limit below the mark, a sell above): the service
 * reports no fills, so exits are armed when the entry is accepted, and the take-profit may fire
 * (a full-size order the other way) before the price ever comes to the entry.
 */
function restingEntryWarning(row: DraftRow, held: HeldFields, market: MarketContext | undefined): TicketIssue | undefined {
  const mark = usableMark(market);
  const price = row.kind === 'limit' ? parseDecimal(row.price) : undefined;
  if (!parseDecimal(held.takeProfit)?.gt(0) || !price?.gt(0) || !mark || !market) return undefined;
  const rests = row.side === 'BUY' ? price.lt(mark) : price.gt(mark);
  return rests ? warning('bracket.restingEntry', 'held.takeProfit', { side: row.side, mark: markText(mark, market) }) : undefined;
}

/** An entry that rests under a take-profit, and an exit whose limit is beyond its trigger (it may rest unfilled when it fires). */
export function bracketWarnings(row: DraftRow, held: HeldFields, market: MarketContext | undefined): TicketIssue[] {
  const side = opposite(row.side);
  return [
    restingEntryWarning(row, held, market),
    limitRestsWarning(side, 'takeProfitPrice', 'takeProfit', held, market),
    limitRestsWarning(side, 'stopLossPrice', 'stopLoss', held, market),
  ].filter((item) => item !== undefined);
}

function exitOf(held: HeldFields, trigger: 'takeProfit' | 'stopLoss', price: 'takeProfitPrice' | 'stopLossPrice') {
  const triggerPrice = parseDecimal(held[trigger]);
  if (!triggerPrice) return undefined;
  const limit = parseDecimal(held[price]);
  return { trigger_price: toWireNumber(triggerPrice), ...(limit ? { order_price: toWireNumber(limit) } : {}) };
}

/** The exits as POST /api/brackets takes them, from fields without errors. */
export function bracketExits(held: HeldFields) {
  const takeProfit = exitOf(held, 'takeProfit', 'takeProfitPrice');
  const stopLoss = exitOf(held, 'stopLoss', 'stopLossPrice');
  return { ...(takeProfit ? { take_profit: takeProfit } : {}), ...(stopLoss ? { stop_loss: stopLoss } : {}) };
}

/** The exits as the confirmation says them, in the market's decimals. */
export function bracketPlan(held: HeldFields, market: MarketContext | undefined): BracketPlan {
  const text = (value: string) => {
    const price = parseDecimal(value);
    return price ? (market ? price.toFixed(market.priceDecimals) : price.toFixed()) : undefined;
  };
  const plan: BracketPlan = {};
  for (const { exit, trigger, price } of exits) {
    const triggerText = text(held[trigger]);
    if (triggerText) plan[exit] = { trigger: triggerText, limitPrice: text(held[price]) };
  }
  return plan;
}
