import type { HeldOrder, TicketResult } from '@/interface';
import { BTC } from './held';
import { ticketKey, type Stack } from './stack';

export interface BracketAnswer {
  status: number;
  body: { success: boolean; message?: string; data?: { ticket: TicketResult; exits: HeldOrder[] } };
  replayed: boolean;
}

/** A BTC entry of 0.01 (a LIMIT BUY at `price` unless `entry` says otherwise). */
export const entryAt = (price: number, entry: Record<string, unknown> = {}) => ({
  symbol: BTC,
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: price,
  order_quantity: 0.01,
  ...entry,
});

/** POST /api/brackets. */
export async function bracket(stack: Stack, request: Record<string, unknown>, key = ticketKey()): Promise<BracketAnswer> {
  const response = await stack.call('/api/brackets', { method: 'POST', body: JSON.stringify(request), idempotencyKey: key });
  return {
    status: response.status,
    body: (await response.json()) as BracketAnswer['body'],
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}
