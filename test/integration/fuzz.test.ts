import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchOrderRequestSchema } from '@/interface';
import { startStack, type Stack } from '../helpers/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ proxy: { sessionRateLimit: 1_000_000, pacingMs: 0 } });
});
afterAll(() => stack.close());

const fieldNames = [
  'symbol', 'order_type', 'side', 'client_order_id', 'order_price', 'order_quantity', 'order_amount',
  'visible_quantity', 'order_tag', 'margin_mode', '__proto__', 'constructor', 'price',
];
const weirdValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('NaN', 'Infinity', '-0', '1e309', '', ' ', 'PERP_BTC_USDC', 'LIMIT', 'BUY', 'CROSS', '\u0000', '🚀'),
  fc.double({ noDefaultInfinity: false }),
  fc.integer(),
);
const weirdOrder = fc.dictionary(fc.constantFrom(...fieldNames), weirdValue, { maxKeys: 12 });
const body = fc.oneof(
  fc.string().map((text) => ({ text, type: 'application/json' })),
  fc.jsonValue().map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
  fc.array(weirdOrder, { maxLength: 30 }).map((orders) => ({ text: JSON.stringify({ orders }), type: 'application/json' })),
  fc.record({ orders: fc.array(weirdOrder, { maxLength: 3 }), extra: weirdValue }).map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
  fc.array(weirdOrder, { maxLength: 3 }).map((orders) => ({ text: `{"orders":${JSON.stringify(orders)}`, type: 'application/json' })),
  fc.string().map((text) => ({ text, type: fc.sample(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'), 1)[0]! })),
);
// Mostly well-formed headers, so that most bodies get past them to the body's own checks; the
// rest fuzz the headers.
const headers = fc.record({
  key: fc.oneof(
    { weight: 9, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  ),
  recvWindow: fc.oneof(
    { weight: 8, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.oneof(fc.string({ maxLength: 8 }), fc.integer().map(String)) },
  ),
});
const headerRefusal = /^(idempotency-key header|x-recv-window)/;

/** Bodies that happen to be valid are not what this test is about. */
function isMalformed(text: string, type: string): boolean {
  if (type !== 'application/json') return true;
  try {
    return !batchOrderRequestSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return true;
  }
}

describe('fuzzing POST /v1/batch-order', () => {
  it('answers 2000 malformed bodies with a 4xx and a reason, never 5xx, never journaling anything', async () => {
    const seen = { runs: 0, bodyChecked: 0, statuses: new Map<number, number>() };
    await fc.assert(
      fc.asyncProperty(body, headers, async ({ text, type }, { key, recvWindow }) => {
        fc.pre(isMalformed(text, type));
        const requestHeaders: Record<string, string> = { 'content-type': type, 'idempotency-key': key };
        if (recvWindow !== undefined) requestHeaders['x-recv-window'] = recvWindow;
        let response: Response;
        try {
          response = await stack.call('/v1/batch-order', { method: 'POST', body: text, headers: requestHeaders });
        } catch (error) {
          // fetch() itself refuses header values with control characters; nothing was sent.
          if ((error as Error).message.includes('header')) return;
          throw error;
        }
        seen.runs += 1;
        const json = (await response.json()) as { success: boolean; message?: string };
        if (!headerRefusal.test(json.message ?? '')) seen.bodyChecked += 1;
        seen.statuses.set(response.status, (seen.statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(json.success).toBe(false);
        expect(json.message?.length).toBeGreaterThan(5);
      }),
      { numRuns: 2400, seed: 20261122 },
    );
    // Requests that reached the proxy; most of them were refused for their body, not a header.
    expect(seen.runs).toBeGreaterThanOrEqual(2000);
    expect(seen.bodyChecked).toBeGreaterThanOrEqual(1500);
    // The bodies reached more than one kind of refusal (400 schema, 413/415 transport, …).
    expect(seen.statuses.size).toBeGreaterThan(1);
    expect((await stack.proxy.journal.listOrders({ limit: 1 })).rows).toEqual([]);
    expect(stack.service.desk.accepted).toHaveLength(0);
    // The proxy is still fine.
    expect((await fetch(`${stack.origin}/v1/public/futures`)).status).toBe(200);
  }, 120_000);
});
