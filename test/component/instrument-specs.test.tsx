import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FuturesRow } from '@/interface';
import { futuresQueryOptions, marketsFeedOf, useInstrumentSpecs } from '@/terminal/features/markets';
import { futuresRows } from '../fixtures/markets';

const [sample] = futuresRows(1);
const market = (symbol: string, price: number): FuturesRow => ({ ...sample!, symbol, mark_price: price, index_price: Math.round(price) });

/** The proxy's market data: each request gets the next list of (symbol, mark) pairs. */
function answerFutures(...answers: [string, number][][]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const rows = (answers.shift() ?? []).map(([symbol, price]) => market(symbol, price));
      return new Response(JSON.stringify({ success: true, data: { rows }, timestamp: 1 }), { status: 200 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the decimals of every market (useInstrumentSpecs)', () => {
  it('do not render their view on a poll that only moves prices; a finer digit or a new market does', async () => {
    answerFutures(
      [['PERP_BTC_USDC', 100.5]],
      [['PERP_BTC_USDC', 100.7]],
      [['PERP_BTC_USDC', 100.75]],
      [['PERP_BTC_USDC', 100.5], ['PERP_ETH_USDC', 20.5]],
      [['PERP_BTC_USDC', 100.5], ['PERP_SOL_USDC', 150.125]],
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched = () => client.fetchQuery({ ...futuresQueryOptions(marketsFeedOf(client), 60_000), staleTime: 0 });
    // A poll, then the query's batched notifications (a timer) and any render they cause.
    const poll = async () => {
      const snapshot = await fetched();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return snapshot;
    };
    await fetched();
    let renders = 0;
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useInstrumentSpecs(60_000);
      },
      { wrapper },
    );
    const first = result.current;
    expect(first.get('PERP_BTC_USDC')?.priceDecimals).toBe(1);
    const rendered = renders;

    // Prices move with the same digits: the same map, and no render.
    const moved = await act(poll);
    expect(moved.bySymbol.get('PERP_BTC_USDC')?.mark_price).toBe(100.7);
    expect(renders).toBe(rendered);
    expect(result.current).toBe(first);

    // A finer price: the decimals change, and the view renders with them.
    await act(poll);
    await waitFor(() => expect(result.current.get('PERP_BTC_USDC')?.priceDecimals).toBe(2));
    expect(renders).toBeGreaterThan(rendered);

    // A new market listed: it is in the map.
    await act(poll);
    await waitFor(() => expect(result.current.get('PERP_ETH_USDC')?.priceDecimals).toBe(1));
    expect(result.current.get('PERP_BTC_USDC')?.priceDecimals).toBe(2);

    // As many markets, one delisted and another listed: the map follows.
    await act(poll);
    await waitFor(() => expect(result.current.get('PERP_SOL_USDC')?.priceDecimals).toBe(3));
    expect(result.current.has('PERP_ETH_USDC')).toBe(false);
  });
});
