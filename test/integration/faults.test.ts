import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultyService, type FaultyService } from '../helpers/faultyService';
import { markOf, serviceWithAccount, startStack, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import { submitTicket } from '../helpers/tickets';

let upstream: Awaited<ReturnType<typeof serviceWithAccount>>;
let faulty: FaultyService;
let stack: Stack;
let mark: number;
const batchRequests = () => faulty.requests.filter((request) => request.path === '/v1/batch-order');

beforeAll(async () => {
  upstream = await serviceWithAccount({ rateLimitPerSecond: false });
  faulty = await startFaultyService(upstream.service.url);
  stack = await startStack({
    serviceBaseUrl: faulty.url,
    proxy: { serviceTimeoutMs: 600, pacingMs: 0, coalesceMs: 0, account: upstream.account },
  });
  mark = await markOf(faulty.url, 'PERP_ETH_USDC');
});
afterAll(async () => {
  await stack.close();
  await faulty.close();
  await upstream.service.close();
});

async function stillServesReads() {
  const response = await fetch(`${stack.origin}/v1/public/futures`);
  expect(response.status).toBe(200);
}

describe('faults the proxy survives', () => {
  it('service timeout: the ticket is unknown, never failed, and the proxy keeps serving', async () => {
    faulty.fail('/v1/batch-order', 'hang', 1);
    const { status, json } = await submitTicket(stack, [ethOrder(mark)]);
    expect(status).toBe(504);
    expect(json.data?.rows[0]?.status).toBe('unknown');
    expect(json.message).toMatch(/did not answer/);
    faulty.fail('/v1/public/futures', 'hang', 1);
    const read = await fetch(`${stack.origin}/v1/public/futures`);
    expect(read.status).toBe(504);
    expect(((await read.json()) as { message: string }).message).toMatch(/did not answer GET \/v1\/public\/futures within 600 ms/);
    await stillServesReads();
  });

  it('connection dropped after the request went out: unknown', async () => {
    faulty.fail('/v1/batch-order', 'drop-after-request', 1);
    const { status, json } = await submitTicket(stack, [ethOrder(mark)]);
    expect(status).toBe(502);
    expect(json.data?.rows[0]?.status).toBe('unknown');
    expect(json.message).toMatch(/connection to the service broke/);
    await stillServesReads();
  });

  it('500 with HTML: unknown for a ticket, a clear error for a read', async () => {
    faulty.fail('/v1/batch-order', 'html-500', 1);
    const ticket = await submitTicket(stack, [ethOrder(mark)]);
    expect(ticket.json.data?.rows[0]?.status).toBe('unknown');
    expect(ticket.json.message).toMatch(/answered 500 \(500 Internal Server Error nginx\); the orders may or may not have been placed/);
    faulty.fail('/v1/tv/config', 'html-500', 1);
    const read = await fetch(`${stack.origin}/v1/tv/config`);
    expect(read.status).toBe(502);
    expect(((await read.json()) as { message: string }).message).toBe(
      'the service answered the terminal configuration with 500 and text/html instead of JSON',
    );
  });

  it('200 with malformed JSON: unknown for a ticket, a clear error for a read', async () => {
    faulty.fail('/v1/batch-order', 'malformed-200', 1);
    const ticket = await submitTicket(stack, [ethOrder(mark)]);
    expect(ticket.json.data?.rows[0]?.status).toBe('unknown');
    expect(ticket.json.message).toMatch(/200 with an unreadable body \(not JSON\)/);
    faulty.fail('/v1/public/futures', 'malformed-200', 1);
    const read = await fetch(`${stack.origin}/v1/public/futures`);
    expect(read.status).toBe(502);
    expect(((await read.json()) as { message: string }).message).toBe('the service answered the market data with malformed JSON');
  });

  it('a market list with a bad value: 502 naming the field', async () => {
    faulty.fail('/v1/public/futures', 'invalid-futures', 1);
    const read = await fetch(`${stack.origin}/v1/public/futures`);
    expect(read.status).toBe(502);
    expect(((await read.json()) as { message: string }).message).toMatch(/invalid data: data\.rows\[2\]\.mark_price: .*number/);
  });

  it('429: retried after a pause, then placed once', async () => {
    faulty.fail('/v1/batch-order', 'rate-limit-429', 1);
    const before = batchRequests().length;
    const { status, json } = await submitTicket(stack, [ethOrder(mark)]);
    expect(status).toBe(200);
    expect(json.data?.rows[0]?.status).toBe('accepted');
    expect(batchRequests().length - before).toBe(2);
  });

  it('429 that does not stop: failed (known not placed), with the reason', async () => {
    faulty.fail('/v1/batch-order', 'rate-limit-429');
    try {
      const { status, json } = await submitTicket(stack, [ethOrder(mark)]);
      expect(status).toBe(429);
      expect(json).toMatchObject({ success: false, code: -1003 });
      expect(json.message).toMatch(/rate limited by the service: too many requests/);
      expect(json.data?.rows[0]?.status).toBe('failed');
    } finally {
      faulty.fail('/v1/batch-order', 'pass');
    }
  });

  it('a request refused as a whole (401): failed with the service code', async () => {
    faulty.fail('/v1/batch-order', 'error-401', 1);
    const { status, json } = await submitTicket(stack, [ethOrder(mark)]);
    expect(status).toBe(401);
    expect(json).toMatchObject({ success: false, code: -1002, message: 'signature expired' });
    expect(json.data?.rows[0]?.status).toBe('failed');
  });

  it('a row count that differs from the orders sent: every order of that request is unknown', async () => {
    faulty.fail('/v1/batch-order', 'wrong-row-count', 1);
    const { json } = await submitTicket(stack, [ethOrder(mark), ethOrder(mark), ethOrder(mark)]);
    expect(json.data?.rows.map((row) => row.status)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(json.message).toMatch(/answered 2 result rows for 3 orders/);
  });

  it('after a request goes wrong, the rest of the ticket is not sent and says why', async () => {
    const orders = Array.from({ length: 15 }, () => ethOrder(mark));
    const before = batchRequests().length;
    faulty.fail('/v1/batch-order', 'hang', 1);
    const { json } = await submitTicket(stack, orders);
    expect(batchRequests().length - before).toBe(1);
    const rows = json.data?.rows ?? [];
    expect(rows.slice(0, 10).every((row) => row.status === 'unknown')).toBe(true);
    expect(rows.slice(10).every((row) => row.status === 'failed')).toBe(true);
    expect(rows[10]?.error_message).toBe('not sent: request 1 of this ticket has an unknown outcome');
  });

  it('connection refused: failed, not sent', async () => {
    const closed = await startFaultyService(upstream.service.url);
    const url = closed.url;
    await closed.close();
    const refused = await startStack({ serviceBaseUrl: url, proxy: { pacingMs: 0, account: upstream.account } });
    try {
      const { status, json } = await submitTicket(refused, [ethOrder(mark)]);
      expect(status).toBe(502);
      expect(json.data?.rows[0]).toMatchObject({ status: 'failed' });
      expect(json.message).toBe(`not sent: the service at ${url} is unreachable (ECONNREFUSED)`);
      const health = (await (await refused.call('/api/health')).json()) as { data: { service: { reachable: boolean; error: string } } };
      expect(health.data.service.reachable).toBe(false);
      expect(health.data.service.error).toMatch(/ECONNREFUSED/);
    } finally {
      await refused.close();
    }
  });
});
