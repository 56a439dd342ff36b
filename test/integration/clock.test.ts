import { describe, expect, it } from 'vitest';
import { ServiceClock } from '@/proxy/upstream/clock';
import { markOf, postSigned, startStack } from '../helpers/stack';
import { ethOrder } from '../fixtures/orders';
import { submitTicket } from '../helpers/tickets';

const SKEW = 7 * 60_000;

describe('signing on the service clock', () => {
  it('gets orders accepted from a proxy whose clock is minutes off the service, and reports the offset', async () => {
    const stack = await startStack({ service: { clock: () => Date.now() + SKEW } });
    try {
      // Signed on the local clock, the same order is refused: the skew is past the 300 s tolerance.
      const mark = await markOf(stack.service.url, 'PERP_ETH_USDC');
      const naive = await postSigned(stack.service.url, stack.account, [ethOrder(mark)]);
      expect(naive.status).toBe(401);
      expect(naive.body.message).toMatch(/timestamp expired/);

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const { status, json } = await submitTicket(stack, [ethOrder(mark)]);
      expect(status).toBe(200);
      expect(json.data?.rows[0]?.status).toBe('accepted');

      const health = (await (await stack.call('/api/health')).json()) as {
        data: { clock: { offsetMs: number; uncertaintyMs: number }; service: { reachable: boolean; latencyMs: number } };
      };
      // Within the uncertainty it reports (half the shortest round trip): a loaded machine has a
      // wider one, never a wrong one. Milliseconds on a quiet machine are the bench's.
      expect(health.data.clock.uncertaintyMs).toBeGreaterThanOrEqual(0);
      expect(Math.abs(health.data.clock.offsetMs - SKEW)).toBeLessThanOrEqual(health.data.clock.uncertaintyMs + 1);
      expect(health.data.service.reachable).toBe(true);
      expect(health.data.service.latencyMs).toBeGreaterThanOrEqual(0);
    } finally {
      await stack.close();
    }
  });

  it('trusts the sample with the shortest round trip', () => {
    let now = 1_000_000;
    const clock = new ServiceClock(() => now);
    clock.observe(now - 400, now, now + 60_000 + 350); // slow: the service stamp is off by up to 200 ms
    clock.observe(now - 10, now, now + 60_000 - 5); // fast: offset 60 000 ± 5
    expect(clock.status()).toMatchObject({ offsetMs: 60_000, uncertaintyMs: 5, samples: 2 });
    expect(clock.now()).toBe(now + 60_000);
    now += 6 * 60_000;
    expect(clock.isFresh()).toBe(false);
    expect(clock.now()).toBe(now);
  });
});
