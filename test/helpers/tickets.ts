import type { Stack } from './stack';
import { ticketKey } from './stack';

export interface TicketRow {
  seq: number;
  request_no: number;
  status: string;
  symbol: string;
  order_id: number | null;
  error_message: string | null;
  error_code: number | null;
  client_order_id: string | null;
  order_price: number | null;
  order_quantity: number | null;
}

export interface TicketAnswer {
  status: number;
  headers: Headers;
  json: {
    success: boolean;
    code?: number;
    message?: string;
    data?: { ticket_id: string; status: string; requests: number; rows: TicketRow[] };
  };
}

export async function submitTicket(
  stack: Pick<Stack, 'call'>,
  orders: unknown[],
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<TicketAnswer> {
  const response = await stack.call('/v1/batch-order', {
    method: 'POST',
    body: JSON.stringify({ orders }),
    idempotencyKey: options.key ?? ticketKey(),
    headers: options.headers,
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as TicketAnswer['json'] };
}
