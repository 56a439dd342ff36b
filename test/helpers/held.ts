import type { HeldOrder } from '@/interface';
import { startStack, ticketKey, type Stack } from './stack';

export const BTC = 'PERP_BTC_USDC';

/** The stack for held orders: a quotes interval of 100 ms, so a mark is stale after 200 ms. */
export async function heldStack(proxy: Parameters<typeof startStack>[0] = {}): Promise<Stack> {
  const stack = await startStack({ ...proxy, proxy: { coalesceMs: 100, ...proxy.proxy } });
  stack.service.market.script.setMark(BTC, 100_000);
  return stack;
}

export interface HeldAnswer {
  status: number;
  body: { success: boolean; message?: string; data?: HeldOrder };
  replayed: boolean;
}

async function answer(response: Response): Promise<HeldAnswer> {
  return {
    status: response.status,
    body: (await response.json()) as HeldAnswer['body'],
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

/** POST /api/held-orders (a BTC order of 0.01 unless `order` says otherwise). */
export async function arm(stack: Stack, order: Record<string, unknown>, key = ticketKey()): Promise<HeldAnswer> {
  const body = JSON.stringify({ symbol: BTC, order_quantity: 0.01, ...order });
  return answer(await stack.call('/api/held-orders', { method: 'POST', body, idempotencyKey: key }));
}

/** Arms and returns the order, failing the test if it was not armed. */
export async function armed(stack: Stack, order: Record<string, unknown>): Promise<HeldOrder> {
  const result = await arm(stack, order);
  if (result.status !== 200 || !result.body.data) throw new Error(`not armed: ${result.status} ${result.body.message}`);
  return result.body.data;
}

export async function heldOrder(stack: Stack, id: string): Promise<HeldOrder> {
  return ((await (await stack.call(`/api/held-orders/${id}`)).json()) as { data: HeldOrder }).data;
}

export async function cancel(stack: Stack, id: string): Promise<HeldAnswer> {
  return answer(await stack.call(`/api/held-orders/${id}`, { method: 'DELETE' }));
}

export async function patch(stack: Stack, id: string, changes: Record<string, unknown>): Promise<HeldAnswer> {
  return answer(await stack.call(`/api/held-orders/${id}`, { method: 'PATCH', body: JSON.stringify(changes) }));
}

/**
 * The journal's orders a held order sent (by their client order ids `<id>-<n>`: its ticket may
 * carry others fired in the same poll), or those of a trader's ticket (its key).
 */
export async function sentOrders(stack: Stack, id: string) {
  const held = id.startsWith('held-');
  const page = (await (await stack.call(held ? '/api/orders?limit=1000' : `/api/orders?ticket=${id}`)).json()) as {
    data: { rows: { client_order_id: string; status: string; order_type: string; order_price: number | null; side: string; ticket_id: string }[] };
  };
  return held ? page.data.rows.filter((row) => row.client_order_id?.startsWith(`${id}-`)) : page.data.rows;
}

/** Moves the scripted mark and lets the proxy poll a few times (a quotes interval is 100 ms). */
export async function markTo(stack: Stack, mark: number, settleMs = 450): Promise<void> {
  stack.service.market.script.setMark(BTC, mark);
  await new Promise((resolve) => setTimeout(resolve, settleMs));
}

/** The states of `ids`, read in one list request (a request per id would meet the session's rate limit in a poll). */
export async function states(stack: Stack, ids: string[]): Promise<HeldOrder['state'][]> {
  const rows = ((await (await stack.call('/api/held-orders')).json()) as { data: { rows: HeldOrder[] } }).data.rows;
  const byId = new Map(rows.map((row) => [row.id, row.state]));
  return Promise.all(ids.map(async (id) => byId.get(id) ?? (await heldOrder(stack, id)).state));
}
