import { describe, expect, it } from 'vitest';
import { SenderLease } from '@/proxy/sending/lease';

describe('a sending lease whose database stops answering (packets dropped, no error)', () => {
  it('gives up on a try once no answer could still extend a hold, and tries again', async () => {
    let tries = 0;
    // A statement that never answers, as over a partition that drops packets.
    const pg = { query: () => ((tries += 1), new Promise<never>(() => undefined)) } as never;
    const warnings: string[] = [];
    const lease = new SenderLease({
      pg, accountId: 'stuck', holder: 'a', ttlMs: 600, renewEveryMs: 150, marginMs: 100,
      log: { warn: (_fields: object, message: string) => warnings.push(message), info: () => undefined },
    });
    void lease.start();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    await lease.stop().catch(() => undefined);
    // One stuck try would have held up every later one; each gives up after ttl − margin (500 ms).
    expect(tries).toBeGreaterThanOrEqual(3);
    expect(lease.held).toBe(false);
    // Logged once for the outage, once for the release that could not be made.
    expect(warnings).toEqual([expect.any(String), 'could not release the sending lease: another proxy takes it when it expires']);
  });
});
