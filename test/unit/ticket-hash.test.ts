import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderRequest } from '@/interface';
import { hashTicket, hashTicketJson } from '@/proxy/sending/hashing';

/** The hash as first written (journals on disk hold it): sha256 of JSON.stringify({ orders, recvWindow }). */
const original = (orders: OrderRequest[], recvWindow: number | undefined) =>
  createHash('sha256').update(JSON.stringify({ orders, recvWindow: recvWindow ?? null })).digest('hex');

const orders: OrderRequest[] = [
  { symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_price: 100012.5, order_quantity: 0.01 },
  { symbol: 'PERP_ETH_USDC', order_type: 'MARKET', side: 'SELL', order_quantity: 2, order_tag: 'café "q" 日本', client_order_id: 'a-1' },
];

describe('the ticket hash', () => {
  it('is the same from the orders or from their JSON, and as journals already hold it', () => {
    for (const recvWindow of [undefined, 1, 5000]) {
      for (const ticket of [orders, orders.slice(0, 1), []]) {
        const json = ticket.map((order) => JSON.stringify(order));
        expect(hashTicketJson(json, recvWindow)).toBe(original(ticket, recvWindow));
        expect(hashTicket(ticket, recvWindow)).toBe(original(ticket, recvWindow));
      }
    }
  });

  it('tells tickets apart by an order or by the receive window', () => {
    const json = orders.map((order) => JSON.stringify(order));
    expect(hashTicketJson(json, undefined)).not.toBe(hashTicketJson(json, 5000));
    expect(hashTicketJson(json, undefined)).not.toBe(hashTicketJson(json.slice(1), undefined));
  });
});
