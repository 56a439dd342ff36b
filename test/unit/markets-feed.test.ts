import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FuturesRow } from '@/interface';
import { futuresQueryOptions, marketsFeedOf } from '@/terminal/features/markets';
import { futuresRows } from '../fixtures/markets';

const [sample] = futuresRows(1);
/** One market whose prices show `price`'s digits and nothing finer. */
const market = (price: number): FuturesRow => ({
  ...sample!,
  symbol: 'PERP_BTC_USDC',
  mark_price: price,
  index_price: Math.round(price),
  '24h_open': 100,
  '24h_close': 100,
  '24h_high': 200,
  '24h_low': 50,
});

/** The proxy's market data: each request gets the next answer (a price, or a failure). */
function answerFutures(...answers: (number | 'fail')[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const answer = answers.shift();
      if (answer === undefined || answer === 'fail') {
        return new Response(JSON.stringify({ success: false, code: -1000, message: 'market data unavailable' }), { status: 500 });
      }
      return new Response(JSON.stringify({ success: true, data: { rows: [market(answer)] }, timestamp: 1 }), { status: 200 });
    }),
  );
}

const poll = (client: QueryClient) => client.fetchQuery({ ...futuresQueryOptions(marketsFeedOf(client), 1000), staleTime: 0 });
const btc = async (client: QueryClient) => (await poll(client)).bySymbol.get('PERP_BTC_USDC')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the market data feed of a query client', () => {
  it('is its own: another client never sees its ticks, specs or failures', async () => {
    const first = new QueryClient();
    const second = new QueryClient();
    expect(marketsFeedOf(first)).toBe(marketsFeedOf(first));
    expect(marketsFeedOf(first)).not.toBe(marketsFeedOf(second));

    answerFutures(100, 100.25, 100.5, 'fail', 'fail', 100);
    expect((await btc(first)).markTick).toBeNull();
    const moved = await btc(first);
    expect(moved.markTick).toBe('up');
    expect(moved.priceDecimals).toBe(2);

    // The second client's first poll: no previous mark to tick against, no finer digits seen.
    const fresh = await btc(second);
    expect(fresh.markTick).toBeNull();
    expect(fresh.priceDecimals).toBe(1);

    await expect(poll(first)).rejects.toThrow('market data unavailable');
    await expect(poll(first)).rejects.toThrow('market data unavailable');
    expect(marketsFeedOf(first).backoff.failures).toBe(2);
    expect(marketsFeedOf(first).nextPollIn(1000)).toBe(4000);
    expect(marketsFeedOf(second).backoff.failures).toBe(0);
    expect(marketsFeedOf(second).nextPollIn(1000)).toBeLessThanOrEqual(1000);

    // The first client still knows the market's two decimals, and ticks against its own last mark.
    const back = await btc(first);
    expect(back.priceDecimals).toBe(2);
    expect(back.markTick).toBe('down');
  });
});
