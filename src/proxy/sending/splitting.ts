import { MAX_ORDERS_PER_REQUEST, type OrderRequest } from '../../interface';

/** Splits `orders` into the requests a ticket takes: at most 10 orders each, in order. */
export function splitIntoRequests<T>(orders: readonly T[]): T[][] {
  const requests: T[][] = [];
  for (let i = 0; i < orders.length; i += MAX_ORDERS_PER_REQUEST) {
    requests.push(orders.slice(i, i + MAX_ORDERS_PER_REQUEST));
  }
  return requests;
}

/** The first client order id given twice in one ticket (the journal checks it against every other ticket). */
export function clientOrderIdTwice(orders: readonly OrderRequest[]): string | undefined {
  const seen = new Set<string>();
  for (const [index, order] of orders.entries()) {
    const id = order.client_order_id;
    if (!id) continue;
    if (seen.has(id)) return `orders[${index}].client_order_id ${id} appears twice in the ticket`;
    seen.add(id);
  }
  return undefined;
}
