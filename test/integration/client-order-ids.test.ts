import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '@/proxy';
import { markOf, startStack, ticketKey, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import { submitTicket } from '../helpers/tickets';

let stack: Stack;
let mark: number;

beforeAll(async () => {
  stack = await startStack({ service: { rateLimitPerSecond: false }, proxy: { pacingMs: 0 } });
  mark = await markOf(stack.service.url, 'PERP_ETH_USDC');
});
// The last test restarts the proxy on the same journal and closes it; the service goes last.
afterAll(async () => stack.service.close());

describe('client order ids across the whole journal', () => {
  it('refuses a ticket that reuses the id of an accepted order, naming it, and journals nothing', async () => {
    const first = await submitTicket(stack, [ethOrder(mark, { client_order_id: 'reused-1' })]);
    expect(first.json.data?.rows[0]?.status).toBe('accepted');

    const key = ticketKey();
    const again = await submitTicket(stack, [ethOrder(mark, { client_order_id: 'fresh-1' }), ethOrder(mark, { client_order_id: 'reused-1' })], { key });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe(-1007);
    expect(again.json.message).toBe(
      `orders[1].client_order_id reused-1 is already used by an order of ticket ${first.json.data?.ticket_id}; nothing was sent`,
    );
    expect(await stack.proxy.journal.findTicket(key)).toBeUndefined();
  });

  it('refuses an id twice in one ticket', async () => {
    const twice = await submitTicket(stack, [ethOrder(mark, { client_order_id: 'twice-1' }), ethOrder(mark, { client_order_id: 'twice-1' })]);
    expect(twice.status).toBe(409);
    expect(twice.json.message).toMatch(/^orders\[1\]\.client_order_id twice-1 appears twice in the ticket/);
  });

  it('frees the id of a rejected order', async () => {
    const rejected = await submitTicket(stack, [ethOrder(mark * 2, { client_order_id: 'second-try' })]);
    expect(rejected.json.data?.rows[0]?.status).toBe('rejected');
    const retried = await submitTicket(stack, [ethOrder(mark, { client_order_id: 'second-try' })]);
    expect(retried.json.data?.rows[0]?.status).toBe('accepted');
  });

  it('still knows the ids after a restart on the same journal', async () => {
    const { url } = stack.proxy;
    await stack.proxy.close();
    // The closed proxy's kept-alive sockets: let their close reach this client before it asks again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const restarted = await startProxy({
      serviceBaseUrl: stack.service.url,
      embedded: true,
      account: stack.account,
      journalPath: stack.proxy.app.proxyOptions.journalPath,
      host: '127.0.0.1',
      port: Number(new URL(url).port),
      terminalToken: 'client-ids-token-0123456789',
      pacingMs: 0,
    });
    try {
      // Not through a kept-alive socket of the proxy that was closed on this port: its close may
      // reach the client only after the next request was written on it.
      const first = await fetch(`${restarted.url}?token=${restarted.door.token}`, { redirect: 'manual', headers: { connection: 'close' } });
      const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
      expect(first.status).toBe(303);
      const origin = restarted.url.replace(/\/$/, '');
      const again = await fetch(`${origin}/v1/batch-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie, 'idempotency-key': ticketKey() },
        body: JSON.stringify({ orders: [ethOrder(mark, { client_order_id: 'reused-1' })] }),
      });
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toMatch(/client_order_id reused-1 is already used/);
    } finally {
      await restarted.close();
    }
  });
});
