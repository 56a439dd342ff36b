import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountCredentials } from '@/service';
import { btcOrder, ethOrder } from '../fixtures/orders';
import { markOf, postSigned, serviceWithAccount, signedHeaders } from '../helpers/stack';

let ctx: Awaited<ReturnType<typeof serviceWithAccount>>;
beforeAll(async () => {
  ctx = await serviceWithAccount({ rateLimitPerSecond: false });
});
afterAll(() => ctx.service.close());

describe('embedded service over HTTP', () => {
  it('serves every field of the interface with the service clock in the envelope', async () => {
    const before = Date.now();
    const body = (await (await fetch(`${ctx.service.url}/v1/public/futures`)).json()) as {
      success: boolean;
      timestamp: number;
      data: { rows: Record<string, unknown>[] };
    };
    expect(body.success).toBe(true);
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(Object.keys(body.data.rows[0]!).sort()).toEqual(
      [
        'symbol', 'index_price', 'mark_price', 'sum_unitary_funding', 'est_funding_rate', 'last_funding_rate',
        'next_funding_time', 'open_interest', '24h_open', '24h_close', '24h_high', '24h_low', '24h_amount', '24h_volume',
      ].sort(),
    );
    const config = (await (await fetch(`${ctx.service.url}/v1/tv/config`)).json()) as { s: string; d: { durations: { id: string; default: boolean }[] } };
    expect(config.s).toBe('ok');
    expect(config.d.durations.map((duration) => duration.id)).toEqual(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
    expect(config.d.durations.find((duration) => duration.default)?.id).toBe('GTC');
  });

  it('accepts a signed batch with increasing integer order ids', async () => {
    const mark = await markOf(ctx.service.url, 'PERP_BTC_USDC');
    const { status, body } = await postSigned(ctx.service.url, ctx.account, [btcOrder(Math.round(mark)), btcOrder(Math.round(mark) - 10)]);
    expect(status).toBe(200);
    const rows = body.data!.rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]!.error_message).toBe('none');
    expect(Number.isInteger(rows[0]!.order_id)).toBe(true);
    expect(rows[1]!.order_id).toBe((rows[0]!.order_id as number) + 1);
    expect(typeof body.timestamp).toBe('number');
  });

  it('accepts the signature with or without base64 padding', async () => {
    const mark = await markOf(ctx.service.url, 'PERP_BTC_USDC');
    const body = JSON.stringify({ orders: [btcOrder(Math.round(mark))] });
    const headers = signedHeaders(ctx.account, body);
    headers['service-signature'] += '==';
    const response = await fetch(`${ctx.service.url}/v1/batch-order`, { method: 'POST', headers, body });
    expect(response.status).toBe(200);
  });

  it('rejects a tampered signature, an unknown key, an unknown account, a stale timestamp and an expired recv window', async () => {
    const body = JSON.stringify({ orders: [btcOrder(100_000)] });
    const send = (headers: Record<string, string>, payload = body) =>
      fetch(`${ctx.service.url}/v1/batch-order`, { method: 'POST', headers, body: payload }).then(async (response) => ({
        status: response.status,
        json: (await response.json()) as { success: boolean; code: number; message: string },
      }));

    const tampered = await send(signedHeaders(ctx.account, body), body.replace('0.01', '0.02'));
    expect(tampered.status).toBe(401);
    expect(tampered.json).toMatchObject({ success: false, code: -1002, message: expect.stringMatching(/signature/) });

    const stranger = createAccountCredentials();
    const wrongKey = await send(signedHeaders(ctx.account, body, { signWith: stranger.secret, key: stranger.key }));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json).toMatchObject({ code: -1002, message: expect.stringMatching(/key not registered/) });

    const unknownAccount = await send(signedHeaders(stranger, body));
    expect(unknownAccount.json).toMatchObject({ code: -1002, message: expect.stringMatching(/unknown account/) });

    const badKeyFormat = await send(signedHeaders(ctx.account, body, { key: 'not-a-key' }));
    expect(badKeyFormat.status).toBe(401);
    expect(badKeyFormat.json.code).toBe(-1001);

    const stale = await send(signedHeaders(ctx.account, body, { timestamp: Date.now() - 301_000 }));
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({ code: -1002, message: expect.stringMatching(/timestamp expired/) });

    const future = await send(signedHeaders(ctx.account, body, { timestamp: Date.now() + 301_000 }));
    expect(future.json.message).toMatch(/ahead of/);

    const expired = await send(signedHeaders(ctx.account, body, { timestamp: Date.now() - 3000, recvWindow: 1000 }));
    expect(expired.status).toBe(401);
    expect(expired.json).toMatchObject({ code: -1002, message: expect.stringMatching(/recv window/) });

    const inWindow = await send(signedHeaders(ctx.account, body, { timestamp: Date.now() - 3000, recvWindow: 10_000 }));
    expect(inWindow.status).toBe(200);

    const missing = signedHeaders(ctx.account, body);
    delete missing['service-timestamp'];
    const noTimestamp = await send(missing);
    expect(noTimestamp.status).toBe(401);
    expect(noTimestamp.json.message).toMatch(/missing header service-timestamp/);
  });

  it('answers 400 naming the problem for bodies that are not a batch', async () => {
    const raw = async (payload: string) => {
      const response = await fetch(`${ctx.service.url}/v1/batch-order`, {
        method: 'POST',
        headers: signedHeaders(ctx.account, payload),
        body: payload,
      });
      return { status: response.status, json: (await response.json()) as { code: number; message: string } };
    };
    expect(await raw('{"orders": [')).toMatchObject({ status: 400, json: { code: -1005, message: 'body is not valid JSON' } });
    expect((await raw('{"order": []}')).json.message).toMatch(/orders/);
    expect((await raw('{"orders": {}}')).json.message).toMatch(/orders/);
    const eleven = JSON.stringify({ orders: Array.from({ length: 11 }, () => btcOrder(100_000)) });
    const tooMany = await raw(eleven);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toMatch(/at most 10 orders/);
  });

  it('gives one row per order, in order, with reasons a trader understands', async () => {
    const mark = await markOf(ctx.service.url, 'PERP_BTC_USDC');
    const good = Math.round(mark);
    const { status, body } = await postSigned(ctx.service.url, ctx.account, [
      btcOrder(good, { client_order_id: 'mixed-1' }),
      btcOrder(Math.round(mark * 1.2)),
      btcOrder(good, { order_quantity: 0.00015 }),
      btcOrder(good, { symbol: 'PERP_NOPE_USDC' }),
      { symbol: 'PERP_BTC_USDC', side: 'BUY', order_type: 'LIMIT', order_quantity: 1 },
      btcOrder(good, { client_order_id: 'mixed-1' }),
      btcOrder(Math.round(mark * 0.8), { side: 'SELL' }),
      btcOrder(good, { order_price: good + 0.05 }),
      btcOrder(good, { order_quantity: 60 }),
      'not an order',
    ]);
    expect(status).toBe(200);
    const messages = body.data!.rows.map((row) => row.error_message);
    expect(messages[0]).toBe('none');
    expect(messages[1]).toMatch(/^order_price \d+ is more than 10% above mark [\d.]+$/);
    expect(messages[2]).toBe('order_quantity 0.00015 is not a multiple of the quantity step 0.0001 of PERP_BTC_USDC');
    expect(messages[3]).toBe('unknown symbol PERP_NOPE_USDC');
    expect(messages[4]).toBe('order_price: required for LIMIT orders');
    expect(messages[5]).toMatch(/client_order_id mixed-1 is already used by order \d+/);
    expect(messages[6]).toMatch(/more than 10% below mark/);
    expect(messages[7]).toMatch(/not a multiple of the price tick 0.1/);
    expect(messages[8]).toMatch(/order notional [\d,.]+ USDC is above the limit of 5,000,000 USDC per order/);
    expect(messages[9]).toMatch(/order must be an object/);
    expect(body.data!.rows.slice(1).every((row) => row.order_id === null)).toBe(true);
    expect(body.data!.rows[0]!.client_order_id).toBe('mixed-1');
  });

  it('rejects a post-only order that would cross the mark at arrival, and places one that rests', async () => {
    const mark = await markOf(ctx.service.url, 'PERP_BTC_USDC');
    const above = Math.round(mark * 1.02);
    const below = Math.round(mark * 0.98);
    const postOnly = { order_type: 'POST_ONLY' };
    const { status, body } = await postSigned(ctx.service.url, ctx.account, [
      btcOrder(above, postOnly),
      btcOrder(below, { ...postOnly, side: 'SELL' }),
      btcOrder(below, postOnly),
      btcOrder(above, { ...postOnly, side: 'SELL' }),
    ]);
    expect(status).toBe(200);
    const rows = body.data!.rows;
    expect(rows[0]!.error_message).toMatch(/^post-only order would cross the mark \(BUY at \d+ ≥ mark [\d.]+\) and was rejected$/);
    expect(rows[1]!.error_message).toMatch(/^post-only order would cross the mark \(SELL at \d+ ≤ mark [\d.]+\) and was rejected$/);
    expect(rows.slice(0, 2).map((row) => row.order_id)).toEqual([null, null]);
    expect(rows.slice(2).map((row) => row.error_message)).toEqual(['none', 'none']);
    expect(rows.slice(2).every((row) => Number.isInteger(row.order_id))).toBe(true);
  });

  it('limits batch requests to one per second per key', async () => {
    const limited = await serviceWithAccount();
    try {
      const mark = await markOf(limited.service.url, 'PERP_ETH_USDC');
      const eth = ethOrder(mark);
      const first = await postSigned(limited.service.url, limited.account, [eth]);
      const second = await postSigned(limited.service.url, limited.account, [eth]);
      expect(first.status).toBe(200);
      expect(second.status).toBe(429);
      expect(second.body).toMatchObject({ success: false, code: -1003 });
    } finally {
      await limited.service.close();
    }
  });

  it('answers unknown routes with the error envelope', async () => {
    const response = await fetch(`${ctx.service.url}/v1/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: -1006 });
  });
});
