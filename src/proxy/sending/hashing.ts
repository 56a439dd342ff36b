import { createHash } from 'node:crypto';
import type { OrderRequest } from '../../interface';

export function hashTicket(orders: readonly OrderRequest[], recvWindow: number | undefined): string {
  return hashTicketJson(orders.map((order) => JSON.stringify(order)), recvWindow);
}

/**
 * The same hash from each order's JSON, already made for the journal: the text hashed is exactly
 * `JSON.stringify({ orders, recvWindow })`, so tickets journaled before still match their replays.
 */
export function hashTicketJson(orderJson: readonly string[], recvWindow: number | undefined): string {
  return createHash('sha256')
    .update(`{"orders":[${orderJson.join(',')}],"recvWindow":${recvWindow === undefined ? 'null' : JSON.stringify(recvWindow)}}`)
    .digest('hex');
}

