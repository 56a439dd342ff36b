import { MAX_ORDERS_PER_REQUEST } from '../../interface';

/** Splits `orders` into the requests a ticket takes: at most 10 orders each, in order. */
export function splitIntoRequests<T>(orders: readonly T[]): T[][] {
  const requests: T[][] = [];
  for (let i = 0; i < orders.length; i += MAX_ORDERS_PER_REQUEST) {
    requests.push(orders.slice(i, i + MAX_ORDERS_PER_REQUEST));
  }
  return requests;
}
