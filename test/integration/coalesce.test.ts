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

/**
 * `terminals` pollers, each reading the feed every `everyMs` for `forMs`: polls made, reads that
 * reached the service, and the service timestamps of the snapshots the first terminal got.
 */
async function poll(terminals: number, everyMs: number, forMs: number): Promise<{ polls: number; reads: number; firstSaw: number[]; elapsedMs: number }> {
  const before = reads();
  const started = Date.now();
  let polls = 0;
  const firstSaw: number[] = [];
  const until = Date.now() + forMs;
  await Promise.all(
    Array.from({ length: terminals }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * everyMs) / terminals));
      while (Date.now() < until) {
        polls += 1;
        const response = await fetch(`${stack.origin}/v1/public/futures`);
        expect(response.status).toBe(200);
        const { timestamp } = (await response.json()) as { timestamp: number };
        if (i === 0) firstSaw.push(timestamp);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    }),
  );
  return { polls, reads: reads() - before, firstSaw, elapsedMs: Date.now() - started };
}

describe('many terminals polling one feed', () => {
  it('cost the service no more requests than one terminal does', async () => {
    const one = await poll(1, 500, 3000);
    const fifty = await poll(50, 500, 3000);
    // A lone terminal polling once an interval gets fresh prices every time, never the last poll's.
    expect(one.polls).toBeGreaterThanOrEqual(4);
    expect(new Set(one.firstSaw).size).toBe(one.polls);
    // The tape polls once an interval whether or not a terminal is open (the one stream); a
    // terminal polling as well shares those reads and adds none.
    expect(one.reads).toBeLessThanOrEqual(Math.ceil(one.elapsedMs / 500) + 1);
    expect(fifty.polls).toBeGreaterThanOrEqual(50 * 4);
    // As many reads as one terminal's per interval of the window, however many poll: the fifty's
    // window runs longer on a loaded machine (fifty pollers to finish), so not one.reads itself.
    expect(fifty.reads).toBeLessThanOrEqual(Math.ceil(fifty.elapsedMs / 500) + 1);
    expect(fifty.reads).toBeLessThan(fifty.polls / 10);
  });
});
