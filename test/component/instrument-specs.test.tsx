import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FuturesRow } from '@/interface';
import { futuresQueryOptions, marketsFeedOf, useFuturesFollowing, useFuturesState, useInstrumentSpecs, useMarketSpec, watchMarket } from '@/terminal/features/markets';
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

/** `hook` rendered under `client`, its renders counted. */
function renderCounted<T>(client: QueryClient, hook: () => T) {
  let count = 0;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => {
      count += 1;
      return hook();
    },
    { wrapper },
  );
  return { result, renders: () => count };
}

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
    const { result, renders } = renderCounted(client, () => useInstrumentSpecs(60_000));
    const first = result.current;
    expect(first.get('PERP_BTC_USDC')?.priceDecimals).toBe(1);
    const rendered = renders();

    // Prices move with the same digits: the same map, and no render.
    const moved = await act(poll);
    expect(moved.bySymbol.get('PERP_BTC_USDC')?.mark_price).toBe(100.7);
    expect(renders()).toBe(rendered);
    expect(result.current).toBe(first);

    // A finer price: the decimals change, and the view renders with them.
    await act(poll);
    await waitFor(() => expect(result.current.get('PERP_BTC_USDC')?.priceDecimals).toBe(2));
    expect(renders()).toBeGreaterThan(rendered);

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

/** A query client whose markets feed answers `answers` in turn, and one poll of it (its notifications settled). */
function pollingClient(...answers: [string, number][][]) {
  answerFutures(...answers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const poll = async () => {
    const snapshot = await client.fetchQuery({ ...futuresQueryOptions(marketsFeedOf(client), 60_000), staleTime: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    return snapshot;
  };
  return { client, poll };
}

describe('one market for a canvas (watchMarket) and its decimals (useMarketSpec)', () => {
  it('gives the market of the snapshot there is, then of each new poll, and nothing after the unsubscribe', async () => {
    const { client, poll } = pollingClient(
      [['PERP_BTC_USDC', 100.5], ['PERP_ETH_USDC', 20.5]],
      [['PERP_BTC_USDC', 100.7], ['PERP_ETH_USDC', 20.6]],
      [['PERP_ETH_USDC', 20.7]],
      [['PERP_BTC_USDC', 100.9]],
      [['PERP_BTC_USDC', 101.1]],
    );
    await poll();
    const seen: number[] = [];
    const stop = watchMarket(client, 'PERP_BTC_USDC', (market, snapshot) => {
      expect(snapshot.bySymbol.get('PERP_BTC_USDC')).toBe(market);
      seen.push(market.mark_price);
    });
    expect(seen).toEqual([100.5]);
    await poll();
    // A poll without the market gives nothing; the next with it does.
    await poll();
    await poll();
    expect(seen).toEqual([100.5, 100.7, 100.9]);
    stop();
    await poll();
    expect(seen).toEqual([100.5, 100.7, 100.9]);
  });

  it('renders its view when the decimals are refined, never for a poll that only moves prices', async () => {
    const { client, poll } = pollingClient([['PERP_BTC_USDC', 100.5]], [['PERP_BTC_USDC', 100.7]], [['PERP_BTC_USDC', 100.75]]);
    await poll();
    const { result, renders } = renderCounted(client, () => useMarketSpec('PERP_BTC_USDC', 60_000));
    expect(result.current.spec?.priceDecimals).toBe(1);
    const rendered = renders();
    await act(poll);
    expect(renders()).toBe(rendered);
    await act(poll);
    await waitFor(() => expect(result.current.spec?.priceDecimals).toBe(2));
  });
});

describe('the feed\'s state for a view with a clock (useFuturesState)', () => {
  it('renders its view for the first snapshot and a change of error, never for a poll that only moves prices', async () => {
    const answers: ([string, number][] | 'down')[] = [[['PERP_BTC_USDC', 100.5]], [['PERP_BTC_USDC', 100.7]], 'down', [['PERP_BTC_USDC', 100.9]]];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const next = answers.shift() ?? [];
        if (next === 'down') return new Response('{}', { status: 503 });
        const rows = next.map(([symbol, price]) => market(symbol, price));
        return new Response(JSON.stringify({ success: true, data: { rows }, timestamp: 1 }), { status: 200 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = { ...futuresQueryOptions(marketsFeedOf(client), 60_000), staleTime: 0 };
    const poll = async () => {
      await client.fetchQuery(options).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const { result, renders } = renderCounted(client, () => useFuturesState(60_000));
    // The hook's own first fetch is the first snapshot: it renders the view once it is here.
    await waitFor(() => expect(result.current.data?.bySymbol.get('PERP_BTC_USDC')?.mark_price).toBe(100.5));
    const rendered = renders();
    await act(poll);
    expect(renders()).toBe(rendered);
    await act(poll);
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.errorUpdatedAt).toBeGreaterThanOrEqual(result.current.dataUpdatedAt);
    await act(poll);
    await waitFor(() => expect(result.current.error).toBeNull());
    expect(result.current.data?.bySymbol.get('PERP_BTC_USDC')?.mark_price).toBe(100.9);
  });
});

describe('part of the snapshot for a view (useFuturesFollowing)', () => {
  it('renders its view when what it follows changes (one market\'s mark), not when other markets move', async () => {
    const { client, poll } = pollingClient(
      [['PERP_BTC_USDC', 100.5], ['PERP_ETH_USDC', 20.5]],
      [['PERP_BTC_USDC', 100.5], ['PERP_ETH_USDC', 20.6]],
      [['PERP_BTC_USDC', 100.7], ['PERP_ETH_USDC', 20.6]],
    );
    await poll();
    const { result, renders } = renderCounted(client, () => useFuturesFollowing(60_000, (snapshot) => snapshot.bySymbol.get('PERP_BTC_USDC')?.mark_price));
    expect(result.current.data?.bySymbol.get('PERP_BTC_USDC')?.mark_price).toBe(100.5);
    const rendered = renders();
    // ETH moves: nothing followed changed.
    await act(poll);
    expect(renders()).toBe(rendered);
    await act(poll);
    await waitFor(() => expect(result.current.data?.bySymbol.get('PERP_BTC_USDC')?.mark_price).toBe(100.7));
    expect(result.current.data?.bySymbol.get('PERP_ETH_USDC')?.mark_price).toBe(20.6);
  });
});
