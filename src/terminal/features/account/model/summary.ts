import Big from 'big.js';
import type { JournalOrder } from '@/interface';
import { formatFixed } from '@/terminal/shared/format/number';

/**
 * Values the terminal can show in the account summary strip, by the id a config uses for them.
 * An id that is not here shows a dash: the service offers no source for it (no balances endpoint).
 */
export const summarySourceIds = [
  'accountId',
  'workingOrders',
  'workingNotional',
  'unknownOrders',
  'rejectedOrders',
  'failedOrders',
  'totalOrders',
  'markets',
  'serviceLatency',
  'clockOffset',
] as const;

export interface SummaryInputs {
  orders?: readonly JournalOrder[];
  accountId?: string;
  markets?: number;
  latencyMs?: number | null;
  clockOffsetMs?: number;
  /** Orders of unknown outcome in the whole journal (the proxy counts them; `orders` is a page). */
  unknownOrders?: number;
}

export function summaryValues(inputs: SummaryInputs): Record<string, string> {
  const values: Record<string, string> = {};
  if (inputs.accountId) {
    const id = inputs.accountId;
    values.accountId = id.length > 14 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id;
  }
  if (inputs.orders) {
    const working = inputs.orders.filter((order) => order.status === 'accepted');
    const notional = working.reduce((sum, order) => {
      if (order.order_price !== null && order.order_quantity !== null) {
        return sum.plus(new Big(order.order_price).times(order.order_quantity));
      }
      return order.order_amount !== null ? sum.plus(order.order_amount) : sum;
    }, new Big(0));
    const count = (status: JournalOrder['status']) => String(inputs.orders!.filter((order) => order.status === status).length);
    values.workingOrders = String(working.length);
    values.workingNotional = `${formatFixed(notional.toNumber(), 2)} USDC`;
    values.unknownOrders = count('unknown');
    values.rejectedOrders = count('rejected');
    values.failedOrders = count('failed');
    values.totalOrders = String(inputs.orders.length);
  }
  if (inputs.unknownOrders !== undefined) values.unknownOrders = String(inputs.unknownOrders);
  if (inputs.markets !== undefined) values.markets = String(inputs.markets);
  if (inputs.latencyMs !== undefined && inputs.latencyMs !== null) values.serviceLatency = `${inputs.latencyMs} ms`;
  if (inputs.clockOffsetMs !== undefined) values.clockOffset = `${inputs.clockOffsetMs > 0 ? '+' : ''}${inputs.clockOffsetMs} ms`;
  return values;
}
