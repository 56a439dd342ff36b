import { heldLimitTypes, type ErrorCodeName, type HeldOrder, type OrderRequest } from '@/interface';

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

/** The order a held order sends when it fires; its client order id is derived from the held order's id. */
export function firedOrder(order: HeldOrder): OrderRequest {
  const limit = heldLimitTypes.includes(order.type);
  return {
    symbol: order.symbol,
    side: order.side,
    order_type: limit ? 'LIMIT' : 'MARKET',
    ...(limit ? { order_price: order.order_price! } : {}),
    order_quantity: order.order_quantity,
    client_order_id: `${order.id}-1`,
  };
}

