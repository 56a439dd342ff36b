import { createHash, randomBytes } from 'node:crypto';
import Big from 'big.js';
import { priceFreeTypes, type BracketRequest, type HeldOrderType, type OrderRequest, type Side } from '@/interface';
import type { NewExit } from '../journal';
import { marketIssue, type MarketMark } from './marks';

export type ExitName = 'take_profit' | 'stop_loss';
export const exitNames: readonly ExitName[] = ['take_profit', 'stop_loss'];

/** The idempotency key of a bracket's exit: the bracket's key and the exit's name ("." is never in a key). */
export const exitKey = (key: string, name: ExitName) => `${key}.${name}`;

/**
 * The entry's client order id when the trader gave none: derived from the bracket's key, so the
 * same bracket sent again is the same ticket (and the exits can name the order they wait for).
 */
export const entryClientOrderId = (key: string) => `bkt-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

/** The entry as sent: the trader's order, with a client order id. */
export const entryOrder = (request: BracketRequest, key: string): OrderRequest => ({
  ...request.entry,
  client_order_id: request.entry.client_order_id ?? entryClientOrderId(key),
});

const opposite = (side: Side): Side => (side === 'BUY' ? 'SELL' : 'BUY');

function exitType(name: ExitName, limit: boolean): HeldOrderType {
  if (name === 'take_profit') return limit ? 'TAKE_PROFIT_LIMIT' : 'TAKE_PROFIT_MARKET';
  return limit ? 'STOP_LIMIT' : 'STOP_MARKET';
}

/**
 * The price the exits are judged against: the entry's limit price, or the mark for an entry that
 * takes none (MARKET, ASK, BID).
 */
export function entryPrice(entry: OrderRequest, market: MarketMark): number {
  return !priceFreeTypes.includes(entry.order_type) && entry.order_price !== undefined ? entry.order_price : market.mark;
}

/**
 * The first field of a bracket its exits would be refused by, as `take_profit.trigger_price: …`:
 * the symbol not listed, a quantity or price off the market's steps, a limit price beyond the band
 * around its trigger, a take-profit not on the profit side of the entry's price or a stop-loss not
 * on its loss side.
 */
export function bracketIssue(request: BracketRequest, market: MarketMark | undefined): string | undefined {
  const { entry } = request;
  if (!market) return `entry.symbol: ${entry.symbol} is not listed by the service`;
  const price = new Big(String(entryPrice(entry, market)));
  const buy = entry.side === 'BUY';
  for (const name of exitNames) {
    const exit = request[name];
    if (!exit) continue;
    const issue = marketIssue(market, { symbol: entry.symbol, order_quantity: entry.order_quantity!, ...exit });
    if (issue) return `${issue.field === 'order_quantity' ? 'entry' : name}.${issue.field}: ${issue.message}`;
    const trigger = new Big(String(exit.trigger_price));
    const above = trigger.gt(price);
    const below = trigger.lt(price);
    // A BUY entry gains as the price rises: its take-profit is above, its stop-loss below; a SELL the reverse.
    const wanted = name === 'take_profit' ? (buy ? above : below) : buy ? below : above;
    if (!wanted) {
      const side = (name === 'take_profit') === buy ? 'above' : 'below';
      const what = name === 'take_profit' ? 'take-profit' : 'stop-loss';
      return `${name}.trigger_price: ${exit.trigger_price} must be ${side} the entry's price ${price.toFixed()} for the ${what} of a ${entry.side} entry`;
    }
    if (crossedAtMark(name, entry.side, trigger, new Big(String(market.mark)))) {
      return `${name}.trigger_price: the mark ${market.mark} has already crossed ${exit.trigger_price}: the exit would fire as soon as the entry is accepted, before it fills`;
    }
  }
  return undefined;
}

/**
 * Whether an exit's trigger is crossed at the mark now. Exits are armed when the entry is
 * accepted, not when it fills: one crossed already fires at once, before a resting entry fills (a
 * position the other way) or just after a marketable one (stopped out at once). A BUY entry's
 * take-profit sells when the mark rises to it, its stop-loss when the mark falls to it.
 */
function crossedAtMark(name: ExitName, entrySide: Side, trigger: Big, mark: Big): boolean {
  const rises = (name === 'take_profit') === (entrySide === 'BUY');
  return rises ? mark.gte(trigger) : mark.lte(trigger);
}

/** The exits of a bracket, on the other side for the entry's quantity, OCO with each other. */
export function bracketExits(request: BracketRequest, key: string, bodyHash: string): NewExit[] {
  const names = exitNames.filter((name) => request[name] !== undefined);
  const ids = names.map(() => `held-${randomBytes(8).toString('hex')}`);
  return names.map((name, index) => {
    const exit = request[name]!;
    return {
      id: ids[index]!,
      idempotencyKey: exitKey(key, name),
      bodyHash,
      type: exitType(name, exit.order_price !== undefined),
      symbol: request.entry.symbol,
      side: opposite(request.entry.side),
      orderQuantity: request.entry.order_quantity!,
      triggerPrice: exit.trigger_price,
      orderPrice: exit.order_price ?? null,
      ocoWith: ids.length === 2 ? ids[1 - index]! : null,
      clientRef: request.client_ref ?? null,
    };
  });
}
