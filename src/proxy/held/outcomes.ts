import { heldLimitTypes, type ErrorCodeName, type HeldOrder, type OrderRequest } from '@/interface';
import { firedClientOrderId, type NewTicket } from '../journal';
import { hashTicketJson } from '../sending/hashing';

/** A refusal, with the family's error name, the status and words naming the field. */
export interface HeldRefusal {
  kind: 'refused';
  error: ErrorCodeName;
  status?: number;
  message: string;
  order?: HeldOrder;
}
export type ArmOutcome = { kind: 'armed'; order: HeldOrder; replayed: boolean } | HeldRefusal;
export type SettleOutcome = { kind: 'done'; order: HeldOrder } | HeldRefusal;

/** Words for a held order that can no longer be changed or cancelled. */
export function settledMessage(order: HeldOrder): string {
  if (order.state === 'fired') return `already fired: order ${order.client_order_ids.join(', ')}`;
  return `already ${order.state}: held order ${order.id}`;
}

export const refused = (error: ErrorCodeName, message: string, status?: number, order?: HeldOrder): HeldRefusal => ({
  kind: 'refused',
  error,
  status,
  message,
  order,
});

/**
 * The order a held order sends when it fires; its client order id is derived from the held order's
 * id and how many firings before this one were never sent (`fire_count`, 0 if none).
 */
export function firedOrder(
  order: Pick<HeldOrder, 'id' | 'type' | 'symbol' | 'side' | 'order_price' | 'order_quantity'> & { fire_count?: number },
): OrderRequest {
  const limit = heldLimitTypes.includes(order.type);
  return {
    symbol: order.symbol,
    side: order.side,
    order_type: limit ? 'LIMIT' : 'MARKET',
    ...(limit ? { order_price: order.order_price! } : {}),
    order_quantity: order.order_quantity,
    client_order_id: firedClientOrderId({ id: order.id, fire_count: order.fire_count ?? 0 }),
  };
}

/** The ticket of the one order a TWAP's slice sends, journaled with its step, and its body. */
export function oneOrderTicket(id: string, request: OrderRequest, now: number, account: string, placedBy: string | null = null): { ticket: NewTicket; body: string } {
  const ticket = firedTicket(id, [request], now, account, placedBy);
  return { ticket, body: ticket.requests[0]!.body };
}

/** The ticket of the orders held orders (of one account) send when they fire together: one batch request (10 orders at most). */
export function firedTicket(id: string, requests: OrderRequest[], now: number, account: string, placedBy: string | null = null): NewTicket {
  const json = requests.map((request) => JSON.stringify(request));
  const body = `{"orders":[${json.join(',')}]}`;
  return { id, bodyHash: hashTicketJson(json, undefined), recvWindow: undefined, requests: [{ orders: requests, orderJson: json, body }], now, account, placedBy };
}
