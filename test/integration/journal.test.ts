import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultyService, type FaultyService } from '../helpers/faultyService';
import { markOf, startStack, ticketKey, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import { submitTicket } from '../helpers/tickets';

let stack: Stack;
let faulty: FaultyService;
let mark: number;
const batchRequests = () => faulty.requests.filter((request) => request.path === '/v1/batch-order');

beforeAll(async () => {
  // The service keeps its real limit of one batch request per second per key: the proxy must pace.
  const upstream = await startStack();
  faulty = await startFaultyService(upstream.service.url);
  await upstream.proxy.close();
  stack = await startStack({ serviceBaseUrl: faulty.url, proxy: { serviceTimeoutMs: 800 } });
  // The stack made its own service; trade against the one behind `faulty` with that account.
  upstream.service.accounts.register(stack.account.accountId, stack.account.key);
  stack.service = upstream.service;
  mark = await markOf(faulty.url, 'PERP_ETH_USDC');
});
afterAll(async () => {
  await stack.close();
  await faulty.close();
});

describe('the order journal', () => {
  it('writes the ticket before sending, exactly as signed, and records each step', async () => {
    faulty.fail('/v1/batch-order', 'hang', 1);
    const key = ticketKey();
    const answer = submitTicket(stack, [ethOrder(mark, { client_order_id: 'journal-1' })], { key });
    await expect.poll(() => batchRequests().length, { timeout: 5000 }).toBe(1);
    const db = new Database(stack.proxy.app.proxyOptions.journalPath, { readonly: true });
    try {
      const order = db.prepare('SELECT status, order_json FROM orders WHERE ticket_id = ?').get(key) as { status: string; order_json: string };
      const request = db.prepare('SELECT body, sent_at, service_timestamp FROM requests WHERE ticket_id = ?').get(key) as { body: string; sent_at: number };
      expect(order.status).toBe('sent');
      expect(request.body).toBe(batchRequests()[0]!.body);
      expect(request.body).toBe(`{"orders":[${order.order_json}]}`);
      expect(JSON.parse(order.order_json)).toMatchObject({ client_order_id: 'journal-1', order_price: mark });
      expect(request.sent_at).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    const result = await answer;
    expect(result.status).toBe(504);
    expect(result.json.message).toMatch(/did not answer .* within 800 ms; the orders may or may not have been placed/);
    expect(result.json.data?.rows[0]?.status).toBe('unknown');
  });

  it('returns the first result for a repeated key and sends nothing again, even for a double click', async () => {
    const key = ticketKey();
    const before = batchRequests().length;
    const [first, second] = await Promise.all([
      submitTicket(stack, [ethOrder(mark, { client_order_id: 'double-click' })], { key }),
      submitTicket(stack, [ethOrder(mark, { client_order_id: 'double-click' })], { key }),
    ]);
    const third = await submitTicket(stack, [ethOrder(mark, { client_order_id: 'double-click' })], { key });
    expect(batchRequests().length - before).toBe(1);
    expect(first.json.data?.rows[0]?.status).toBe('accepted');
    expect(second.json.data).toEqual(first.json.data);
    expect(third.json.data).toEqual(first.json.data);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses the same key with a different body (409) and sends nothing', async () => {
    const key = ticketKey();
    await submitTicket(stack, [ethOrder(mark)], { key });
    const before = batchRequests().length;
    const other = await submitTicket(stack, [ethOrder(mark, { order_quantity: 0.2 })], { key });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ success: false, code: -1007 });
    expect(other.json.message).toMatch(/already used for a different ticket; nothing was sent/);
    expect(batchRequests().length).toBe(before);
  });

  it('splits a 25-order ticket into requests of 10, 10 and 5, in order, one per second', async () => {
    const orders = Array.from({ length: 25 }, (_, i) => ethOrder(Math.round((mark - i * 0.01) * 100) / 100, { client_order_id: `split-${i}` }));
    const before = batchRequests().length;
    const { status, json } = await submitTicket(stack, orders);
    expect(status).toBe(200);
    const sent = batchRequests().slice(before);
    expect(sent.map((request) => (JSON.parse(request.body) as { orders: unknown[] }).orders.length)).toEqual([10, 10, 5]);
    expect(sent.flatMap((request) => (JSON.parse(request.body) as { orders: { client_order_id: string }[] }).orders.map((order) => order.client_order_id))).toEqual(orders.map((_, i) => `split-${i}`));
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(1000);
    expect(json.data?.requests).toBe(3);
    expect(json.data?.rows.map((row) => row.request_no)).toEqual([...Array(10).fill(1), ...Array(10).fill(2), ...Array(5).fill(3)]);
    expect(json.data?.rows.every((row) => row.status === 'accepted' && Number.isInteger(row.order_id))).toBe(true);
  });

  it('lists orders newest first with every request field, pages with a cursor and filters', async () => {
    await submitTicket(stack, [
      ethOrder(mark, { client_order_id: 'list-a', order_tag: 'tag, with "quotes"', visible_quantity: 0.05 }),
      ethOrder(Math.round(mark * 1.5), { client_order_id: 'list-b' }),
      { symbol: 'PERP_SOL_USDC', order_type: 'MARKET', side: 'SELL', order_quantity: 1, client_order_id: 'list-c' },
    ]);
    const first = (await (await stack.call('/api/orders?limit=2')).json()) as {
      data: { rows: Record<string, unknown>[]; next_cursor: string | null };
    };
    expect(first.data.rows.map((row) => row.client_order_id)).toEqual(['list-c', 'list-b']);
    expect(Object.keys(first.data.rows[0]!).sort()).toEqual(
      [
        'ticket_id', 'seq', 'request_no', 'status', 'symbol', 'side', 'order_type', 'order_price', 'order_quantity',
        'order_amount', 'visible_quantity', 'order_tag', 'margin_mode', 'client_order_id', 'order_id', 'error_code',
        'error_message', 'created_at', 'updated_at', 'account', 'placed_by', 'approved_by',
      ].sort(),
    );
    expect(first.data.next_cursor).not.toBeNull();
    const second = (await (await stack.call(`/api/orders?limit=2&cursor=${first.data.next_cursor}`)).json()) as typeof first;
    expect(second.data.rows[0]).toMatchObject({ client_order_id: 'list-a', order_tag: 'tag, with "quotes"', visible_quantity: 0.05, status: 'accepted' });

    const rejected = (await (await stack.call('/api/orders?status=rejected')).json()) as typeof first;
    expect(rejected.data.rows.length).toBeGreaterThan(0);
    expect(rejected.data.rows.every((row) => row.status === 'rejected')).toBe(true);
    const sol = (await (await stack.call('/api/orders?symbol=PERP_SOL_USDC')).json()) as typeof first;
    expect(sol.data.rows.map((row) => row.client_order_id)).toEqual(['list-c']);
    const bad = await stack.call('/api/orders?status=lost');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^status/);

    const csv = await (await stack.call('/api/orders.csv?symbol=PERP_ETH_USDC')).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'ticket_id,seq,request_no,status,symbol,side,order_type,order_price,order_quantity,order_amount,visible_quantity,order_tag,margin_mode,client_order_id,order_id,error_code,error_message,created_at,updated_at,account,placed_by,approved_by',
    );
    const all = (await (await stack.call('/api/orders?symbol=PERP_ETH_USDC&limit=1000')).json()) as typeof first;
    expect(lines.length - 1).toBe(all.data.rows.length);
    expect(csv).toContain('"tag, with ""quotes"""');
  });

  it('answers a ticket by its key, and 404 for a key it never saw', async () => {
    const key = ticketKey();
    await submitTicket(stack, [ethOrder(mark)], { key });
    const found = (await (await stack.call(`/api/tickets/${key}`)).json()) as { data: { ticket_id: string; status: string } };
    expect(found.data).toMatchObject({ ticket_id: key, status: 'accepted' });
    const missing = await stack.call('/api/tickets/never-seen-key');
    expect(missing.status).toBe(404);
  });
});
