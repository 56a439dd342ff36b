import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountCredentials } from '@/service';
import { btcOrder, ethOrder } from '../fixtures/orders';
import { startFaultyService, type FaultyService } from '../helpers/faultyService';
import { markOf, startStack, ticketKey, type Stack } from '../helpers/stack';

interface TicketRow {
  status: string;
  order_id: number | null;
  error_message: string | null;
  client_order_id: string | null;
}

async function submit(stack: Stack, orders: unknown[], headers: Record<string, string> = {}) {
  const response = await stack.call('/v1/batch-order', {
    method: 'POST',
    body: JSON.stringify({ orders }),
    idempotencyKey: ticketKey(),
    headers,
  });
  return {
    status: response.status,
    json: (await response.json()) as {
      success: boolean;
      code?: number;
      message?: string;
      data?: { ticket_id: string; status: string; rows: TicketRow[] };
    },
  };
}

describe('proxy in front of the embedded service', () => {
  let stack: Stack;
  let faulty: FaultyService;
  beforeAll(async () => {
    // The faulty service passes everything through unless told otherwise; it lets us see headers.
    stack = await startStack({ service: { rateLimitPerSecond: false }, proxy: { pacingMs: 0 } });
    faulty = await startFaultyService(stack.service.url);
  });
  afterAll(async () => {
    await stack.close();
    await faulty.close();
  });

  it('forwards reads at the same paths', async () => {
    const futures = (await (await fetch(`${stack.origin}/v1/public/futures`)).json()) as { data: { rows: unknown[] } };
    expect(futures.data.rows.length).toBeGreaterThanOrEqual(40);
    const config = (await (await fetch(`${stack.origin}/v1/tv/config`)).json()) as { s: string };
    expect(config.s).toBe('ok');
  });

  it('signs a batch the browser sent without auth headers, and the service accepts it', async () => {
    const mark = await markOf(stack.service.url, 'PERP_BTC_USDC');
    const { status, json } = await submit(stack, [btcOrder(Math.round(mark), { client_order_id: 'proxy-ok-1' })]);
    expect(status).toBe(200);
    expect(json.data?.status).toBe('accepted');
    expect(json.data?.rows[0]).toMatchObject({ status: 'accepted', client_order_id: 'proxy-ok-1' });
    expect(Number.isInteger(json.data?.rows[0]?.order_id)).toBe(true);
    expect(stack.service.desk.accepted.some((order) => order.client_order_id === 'proxy-ok-1')).toBe(true);
  });

  it('gives per-row results in order for mixed valid and invalid orders', async () => {
    const mark = await markOf(stack.service.url, 'PERP_BTC_USDC');
    const { status, json } = await submit(stack, [
      btcOrder(Math.round(mark)),
      btcOrder(Math.round(mark * 1.15)),
      btcOrder(Math.round(mark), { order_quantity: 0.00001 }),
      btcOrder(Math.round(mark) - 5),
    ]);
    expect(status).toBe(200);
    expect(json.data?.status).toBe('partial');
    expect(json.data?.rows.map((row) => row.status)).toEqual(['accepted', 'rejected', 'rejected', 'accepted']);
    expect(json.data?.rows[1]?.error_message).toMatch(/more than 10% above mark/);
    expect(json.data?.rows[2]?.error_message).toMatch(/quantity step/);
  });

  it('refuses a body that does not fit the shared schema with 400 naming the field, sending nothing', async () => {
    const before = stack.service.desk.accepted.length;
    const missingPrice = await submit(stack, [{ symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_quantity: 1 }]);
    expect(missingPrice.status).toBe(400);
    expect(missingPrice.json).toMatchObject({ success: false, code: -1005, message: 'orders[0].order_price: required for LIMIT orders' });
    const typo = await submit(stack, [btcOrder(100_000, { price: 1 })]);
    expect(typo.status).toBe(400);
    expect(typo.json.code).toBe(-1004);
    expect(typo.json.message).toMatch(/orders\[0\].*price/);
    const empty = await submit(stack, []);
    expect(empty.json.message).toMatch(/at least one order/);
    expect(stack.service.desk.accepted.length).toBe(before);
  });

  it('passes x-recv-window through and signs with it', async () => {
    const proxied = await startStack({ serviceBaseUrl: faulty.url, proxy: { pacingMs: 0 } });
    try {
      const mark = await markOf(stack.service.url, 'PERP_ETH_USDC');
      const eth = ethOrder(mark, { side: 'SELL', order_quantity: 0.5 });
      // `faulty` forwards to the first stack's service, which has to know this proxy's account.
      stack.service.accounts.register(proxied.account.accountId, proxied.account.key);
      const { status } = await submit(proxied, [eth], { 'x-recv-window': '2500' });
      expect(status).toBe(200);
      const sent = faulty.requests.filter((request) => request.path === '/v1/batch-order').at(-1);
      expect(sent?.headers['x-recv-window']).toBe('2500');
      expect(sent?.headers['service-signature']).toMatch(/^[A-Za-z0-9_-]{86}$/);
      expect(sent?.headers['service-key']).toBe(proxied.account.key);
    } finally {
      await proxied.close();
    }
  });

  it('refuses an x-recv-window that is not whole milliseconds written as digits, sending nothing', async () => {
    const before = stack.service.desk.accepted.length;
    for (const value of ['1e3', '0x10', '2500.0', '+2500', '0', '60001', '99999999999']) {
      const { status, json } = await submit(stack, [btcOrder(100_000)], { 'x-recv-window': value });
      expect(status, value).toBe(400);
      expect(json.message, value).toMatch(/^x-recv-window: expected whole ms from 1 to /);
    }
    expect(stack.service.desk.accepted).toHaveLength(before);
  });

  it('refuses a price or quantity with more digits than a number keeps, naming it, instead of signing a rounded one', async () => {
    const before = stack.service.desk.accepted.length;
    const body = '{"orders":[{"symbol":"PERP_BTC_USDC","order_type":"LIMIT","side":"BUY","order_price":100000.00000000000000000000000001,"order_quantity":0.001}]}';
    const response = await stack.call('/v1/batch-order', { method: 'POST', body, idempotencyKey: ticketKey() });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^body: orders\[0\]\.order_price is 100000\.00000000000000000000000001, more digits/);
    expect(stack.service.desk.accepted).toHaveLength(before);
  });

  it('reports a key the service does not know as a failed ticket with the service code', async () => {
    const stranger = createAccountCredentials();
    const wrongKey = await startStack({ serviceBaseUrl: stack.service.url, proxy: { pacingMs: 0, account: stranger } });
    try {
      const { status, json } = await submit(wrongKey, [btcOrder(100_000)]);
      expect(status).toBe(401);
      expect(json).toMatchObject({ success: false, code: -1002, message: 'unknown account' });
      expect(json.data?.rows[0]?.status).toBe('failed');
    } finally {
      await wrongKey.close();
    }
  });

  it('gives a clear error when the service is down, for reads and for tickets', async () => {
    const down = await startStack({ proxy: { pacingMs: 0 } });
    const url = down.service.url;
    await down.service.close();
    try {
      const read = await fetch(`${down.origin}/v1/public/futures`);
      expect(read.status).toBe(502);
      expect(await read.json()).toMatchObject({ success: false, code: -1000, message: `the service at ${url} is unreachable (ECONNREFUSED)` });
      const { status, json } = await submit(down, [btcOrder(100_000)]);
      expect(status).toBe(502);
      expect(json.message).toMatch(/^not sent: the service at .* is unreachable/);
      expect(json.data?.rows[0]?.status).toBe('failed');
    } finally {
      await down.proxy.close();
    }
  });
});
