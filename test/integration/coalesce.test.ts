import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultyService, type FaultyService } from '../helpers/faultyService';
import { serviceWithAccount, startStack, type Stack } from '../helpers/stack';

let upstream: Awaited<ReturnType<typeof serviceWithAccount>>;
let faulty: FaultyService;
let stack: Stack;
const reads = () => faulty.requests.filter((request) => request.path === '/v1/public/futures').length;

beforeAll(async () => {
  upstream = await serviceWithAccount();
  faulty = await startFaultyService(upstream.service.url);
  stack = await startStack({ serviceBaseUrl: faulty.url, proxy: { account: upstream.account, coalesceMs: undefined } });
  // The embedded config polls quotes every 500 ms: the proxy shares answers for that long.
  await fetch(`${stack.origin}/v1/tv/config`).then((response) => response.text());
});
afterAll(async () => {
  await stack.close();
  await faulty.close();
  await upstream.service.close();
});

/** `terminals` pollers, each reading the feed every `everyMs` for `forMs`. */
async function poll(terminals: number, everyMs: number, forMs: number): Promise<number> {
  const before = reads();
  const until = Date.now() + forMs;
  await Promise.all(
    Array.from({ length: terminals }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * everyMs) / terminals));
      while (Date.now() < until) {
        const response = await fetch(`${stack.origin}/v1/public/futures`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    }),
  );
  return reads() - before;
}

describe('many terminals polling one feed', () => {
  it('cost the service no more requests than one terminal does', async () => {
    const one = await poll(1, 500, 3000);
    const fifty = await poll(50, 500, 3000);
    expect(one).toBeGreaterThanOrEqual(4);
    expect(fifty).toBeLessThanOrEqual(one + 1);
  });
});
