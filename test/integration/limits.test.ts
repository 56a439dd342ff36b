import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, markOf, startStack, ticketKey, type Stack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import { submitTicket } from '../helpers/tickets';

let stack: Stack;
let mark: number;
beforeAll(async () => {
  stack = await startStack({
    service: { rateLimitPerSecond: false },
    proxy: { pacingMs: 100, maxQueueSeconds: 1, maxTicketsInFlight: 4, sessionRateLimit: 1000 },
  });
  mark = await markOf(stack.service.url, 'PERP_ETH_USDC');
});
afterAll(() => stack.close());

const orders = (count: number) => Array.from({ length: count }, () => ethOrder(mark));

const postAs = (cookie: string, body: string) =>
  fetch(`${stack.origin}/v1/batch-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.origin, cookie, 'idempotency-key': ticketKey() },
    body,
  });

describe('bounded work', () => {
  it('refuses a ticket of 2,600 orders whole, naming the limit', async () => {
    // Market orders are the shortest: 2,600 of them fit in the 256 KiB body limit.
    const market = { symbol: 'PERP_ETH_USDC', order_type: 'MARKET', side: 'BUY', order_quantity: 1 };
    const answer = await submitTicket(stack, Array.from({ length: 2600 }, () => market));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('orders: at most 1000 orders in a ticket (MAX_TICKET_ORDERS), got 2600; nothing was sent');
    expect((await stack.proxy.journal.listOrders({ limit: 1 })).rows).toEqual([]);
    expect(stack.service.desk.accepted).toHaveLength(0);
  });

  it('refuses a body that gives a key twice, naming it, however the key is written', async () => {
    const order = JSON.stringify(ethOrder(mark)).slice(1, -1);
    const bodies: [string, string][] = [
      [`{"orders":[{${order},"symbol":"PERP_BTC_USDC"}]}`, 'orders[0].symbol'],
      [`{"orders":[{${order}}],"orders":[{${order}}]}`, 'orders'],
      [`{"orders":[{${order}},{${order},"\\u0073ide":"SELL"}]}`, 'orders[1].side'],
    ];
    for (const [body, field] of bodies) {
      const response = await postAs(stack.cookie, body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(`body: ${field} is given twice; give each field once`);
    }
    expect(stack.service.desk.accepted).toHaveLength(0);
  });

  it('refuses control and bidirectional characters in an order tag, naming the order', async () => {
    for (const tag of ['desk\u202Eevil', 'line\nbreak', 'nul\u0000', 'iso\u2066late', 'line\u2028separator', 'lone\ud800half', 'lone\udc00low']) {
      const answer = await submitTicket(stack, [ethOrder(mark), ethOrder(mark, { order_tag: tag })]);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toBe('orders[1].order_tag: control and bidirectional characters are not allowed');
    }
    expect(stack.service.desk.accepted).toHaveLength(0);
  });

  it('keeps a small ticket within the queue’s promise while 40 large ones are sent at it', async () => {
    const large = JSON.stringify({ orders: orders(1000) });
    const pending: Promise<unknown>[] = [];
    const send = (cookie: string, body: string) => {
      const request = postAs(cookie, body);
      // Tickets still sending when the stack closes are answered by the stop; nobody awaits them.
      pending.push(request.catch(() => undefined));
      return request;
    };
    const flood = Array.from({ length: 40 }, () => send(stack.cookie, large));
    await expect.poll(() => stack.proxy.sender.ticketsInFlight, { timeout: 10_000 }).toBe(4);
    // One session has at most four in flight; the rest are refused, with a time to retry, while
    // the four are still sending (each takes 100 paced requests: minutes, however slow the machine).
    const answered: Response[] = [];
    for (const request of flood) void request.then((response) => answered.push(response), () => undefined);
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBe(36);
    const refused = answered.filter((response) => response.status === 429);
    expect(refused).toHaveLength(36);
    expect(stack.proxy.sender.ticketsInFlight).toBe(4);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused[0]!.json()) as { message: string }).message).toBe(
      'at most 4 tickets in flight per session (MAX_TICKETS_IN_FLIGHT); nothing was sent: wait for one to finish',
    );

    // Another session's one-order ticket waits one request per ticket ahead of it, not for them to
    // finish: counted in requests the service took before it, not in milliseconds (a loaded machine
    // is slower, it does not let more go first).
    const other = await login(stack.proxy.url);
    const acceptedBefore = stack.service.desk.accepted.length;
    const small = await send(other, JSON.stringify({ orders: [ethOrder(mark, { order_tag: 'small-behind-four' })] }));
    expect(small.status).toBe(200);
    const at = stack.service.desk.accepted.findIndex((order) => order.order_tag === 'small-behind-four');
    expect(at).toBeGreaterThanOrEqual(acceptedBefore);
    // Ahead of it at most the request in flight and one of each of the four tickets: 5 × 10 orders.
    expect(at - acceptedBefore).toBeLessThanOrEqual(5 * 10);
    // And the four large tickets (100 requests each) are still sending: it went past them.
    expect(stack.proxy.sender.ticketsInFlight).toBe(4);
    // A session at its limit still gets a ticket journaled before replayed (its result, nothing sent).
    const smallBody = JSON.stringify({ orders: [ethOrder(mark, { order_tag: 'small-replayed' })] });
    const post = (cookie: string) =>
      fetch(`${stack.origin}/v1/batch-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.origin, cookie, 'idempotency-key': 'replayed-while-busy' },
        body: smallBody,
      });
    const first = await post(other);
    expect(first.status).toBe(200);
    const replayed = await post(stack.cookie);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toMatchObject({ data: { ticket_id: 'replayed-while-busy' } });
    expect(stack.service.desk.accepted.filter((order) => order.order_tag === 'small-replayed')).toHaveLength(1);

    // Sessions together: once a new ticket would wait more than MAX_QUEUE_SECONDS, it is refused.
    const third = await login(stack.proxy.url);
    for (let i = 0; i < 4; i++) void send(third, large);
    await expect.poll(() => stack.proxy.sender.ticketsInFlight, { timeout: 10_000 }).toBe(8);
    const fourth = await login(stack.proxy.url);
    for (let i = 0; i < 3; i++) void send(fourth, large);
    await expect.poll(() => stack.proxy.sender.ticketsInFlight, { timeout: 10_000 }).toBe(11);
    const behind = await send(await login(stack.proxy.url), JSON.stringify({ orders: [ethOrder(mark)] }));
    expect(behind.status).toBe(429);
    expect(Number(behind.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await behind.json()) as { message: string }).message).toMatch(
      /^the send queue is 1 s behind, more than 1 s \(MAX_QUEUE_SECONDS\); nothing was sent: retry in 1 s$/,
    );

    // What reached the journal is bounded by the limits, not by what was thrown at it (the two small tickets too).
    const db = new Database(stack.proxy.app.proxyOptions.journalPath, { readonly: true });
    const journaled = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    db.close();
    expect(journaled).toBe(11 * 1000 + 2);
  }, 60_000);

  it('refuses tickets while the journal’s disk is below its floor', async () => {
    const tight = await startStack({ proxy: { journalMinFreeMb: 1_000_000_000 } });
    try {
      const answer = await submitTicket(tight, [ethOrder(mark)]);
      expect(answer.status).toBe(507);
      expect(answer.json.message).toMatch(/^the journal's disk has \d+ MB free, below the floor of 1000000000 MB \(JOURNAL_MIN_FREE_MB\); nothing was sent$/);
      expect((await tight.proxy.journal.listOrders({ limit: 1 })).rows).toEqual([]);
      expect(tight.service.desk.accepted).toHaveLength(0);
    } finally {
      await tight.close();
    }
  });
});
