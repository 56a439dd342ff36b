import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TapeCandle } from '@/interface';
import { PriceChart, type ChartPriceLine, type MarketTick, type PriceChartProps, type TickSource } from '@/terminal/features/chart';
import type { ChartHandlers } from '@/terminal/features/chart/components/chartEngine';
import { useChartStore } from '@/terminal/features/chart/store';

/** The canvas is the library's (the browser test draws it); here a stand-in records what the view asks of it. */
const engines = vi.hoisted(() => [] as { calls: { name: string; args: unknown[] }[]; handlers: unknown }[]);
vi.mock('@/terminal/features/chart/components/chartEngine', () => ({
  ChartEngine: class {
    calls: { name: string; args: unknown[] }[] = [];
    constructor(_container: HTMLElement, _colours: unknown, readonly handlers: ChartHandlers) {
      engines.push(this);
    }
    private record(name: string, args: unknown[]) {
      this.calls.push({ name, args });
    }
    setPriceDecimals(...args: unknown[]) { this.record('setPriceDecimals', args); }
    setSeries(...args: unknown[]) { this.record('setSeries', args); }
    applyTick(...args: unknown[]) { this.record('applyTick', args); }
    setBasisVisible(...args: unknown[]) { this.record('setBasisVisible', args); }
    setPriceLines(...args: unknown[]) { this.record('setPriceLines', args); }
    setHeldLines(...args: unknown[]) { this.record('setHeldLines', args); }
    setHeldMarkers(...args: unknown[]) { this.record('setHeldMarkers', args); }
    setColours(...args: unknown[]) { this.record('setColours', args); }
    remove() { this.record('remove', []); }
  },
}));
vi.mock('@/terminal/features/chart/model/colours', async (original) => ({
  ...(await original<object>()),
  readChartColours: () => ({}),
}));

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE;
const candle = (minute: number, close: number): TapeCandle => ({
  time: T0 + minute * MINUTE, open: close, high: close + 1, low: close - 1, close,
  index_close: close - 2, est_funding_rate: 0.0001, open_interest: 10, volume_24h: 1, samples: 3,
});

let answer: unknown;
const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(answer), { status: 200 }));
const ok = (rows: TapeCandle[], recordingSince: number | null = rows[0]?.time ?? null, simulated = false) => ({
  success: true, data: { rows, recordingSince, simulated }, timestamp: Date.now(),
});

beforeEach(() => {
  engines.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  useChartStore.setState({ resolution: '1m', showBasis: false });
});
afterEach(() => vi.unstubAllGlobals());

const calls = (name: string) => engines.flatMap((engine) => engine.calls.filter((call) => call.name === name));
const engine = () => engines.at(-1)!;

/** A markets feed the test polls by hand: `push` is one poll, given to whoever watches the symbol. */
function tickFeed() {
  const watchers = new Map<(tick: MarketTick) => void, string>();
  const now = new Map<string, MarketTick>();
  const source: TickSource = {
    watch(symbol, listener) {
      watchers.set(listener, symbol);
      const current = now.get(symbol);
      if (current) listener(current);
      return () => watchers.delete(listener);
    },
  };
  const push = (symbol: string, tick: MarketTick) => {
    now.set(symbol, tick);
    act(() => {
      for (const [listener, watched] of watchers) if (watched === symbol) listener(tick);
    });
  };
  return { source, push, watching: () => watchers.size };
}

function renderChart(props: Partial<PriceChartProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const all: PriceChartProps = {
    symbol: 'PERP_BTC_USDC', priceDecimals: 1, quantityDecimals: 4, ticks: undefined, lines: [], staleReason: undefined, onPickPrice: vi.fn(), ...props,
  };
  const commits = { count: 0 };
  const tree = (next: Partial<PriceChartProps>) => (
    <QueryClientProvider client={client}>
      <Profiler id="chart" onRender={() => (commits.count += 1)}>
        <PriceChart {...all} {...next} />
      </Profiler>
    </QueryClientProvider>
  );
  const view = render(tree({}));
  return { ...view, props: all, commits, rerenderWith: (next: Partial<PriceChartProps>) => view.rerender(tree(next)) };
}

describe('the chart panel', () => {
  it('reads the tape once, draws its candles with their gaps, and names where they come from', async () => {
    answer = ok([candle(0, 100), candle(2, 102)], T0, true);
    renderChart();
    // The first test of the file also waits for the canvas's module, compiled on its first import.
    await waitFor(() => expect(calls('setSeries')).toHaveLength(1), { timeout: 10_000 });
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://terminal');
    expect(url.pathname).toBe('/api/tape/candles');
    expect(url.searchParams.get('symbol')).toBe('PERP_BTC_USDC');
    expect(url.searchParams.get('resolution')).toBe('1m');
    expect(Number(url.searchParams.get('to')) - Number(url.searchParams.get('from'))).toBe(1500 * MINUTE);
    const [series] = calls('setSeries')[0]!.args as [{ candles: unknown[] }];
    expect(series.candles).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent(/^Recording since .* · earlier candles backfilled by the simulator$/);
    expect(screen.getByRole('img', { name: /^Price chart of PERP_BTC_USDC, 1m candles, last close 102\.0/ })).toBeInTheDocument();
  });

  it('moves the last candle with each poll, without rendering the chart\'s views, and never sets the whole series again', async () => {
    answer = ok([candle(0, 100)]);
    const feed = tickFeed();
    const tickAt = (poll: number): MarketTick => ({ serviceTime: T0 + poll * 1000, mark: 100 + poll, index: 99, fundingRate: 0, openInterest: 1 });
    // The poll there is before the chart shows: it is the first the canvas is given.
    feed.push('PERP_BTC_USDC', tickAt(0));
    const { commits } = renderChart({ ticks: feed.source });
    await waitFor(() => expect(calls('applyTick')).toHaveLength(1));
    expect(calls('applyTick')[0]!.args).toEqual([tickAt(0), MINUTE]);
    expect(calls('setSeries')).toHaveLength(1);
    const rendered = commits.count;
    for (let poll = 1; poll <= 3; poll++) {
      feed.push('PERP_BTC_USDC', tickAt(poll));
      expect(calls('applyTick').at(-1)?.args).toEqual([tickAt(poll), MINUTE]);
    }
    // Another market's poll is not this chart's.
    feed.push('PERP_ETH_USDC', tickAt(9));
    expect(calls('applyTick')).toHaveLength(4);
    expect(commits.count).toBe(rendered);
    expect(calls('setSeries')).toHaveLength(1);
  });

  it('follows the market it shows: another symbol watches that one, and leaves the first', async () => {
    answer = ok([candle(0, 100)]);
    const feed = tickFeed();
    const { rerenderWith } = renderChart({ ticks: feed.source });
    await waitFor(() => expect(calls('setSeries')).toHaveLength(1));
    expect(feed.watching()).toBe(1);
    rerenderWith({ ticks: feed.source, symbol: 'PERP_ETH_USDC' });
    await waitFor(() => expect(engines).toHaveLength(2));
    await waitFor(() => expect(calls('setSeries')).toHaveLength(2));
    const tick: MarketTick = { serviceTime: T0 + 5000, mark: 3000, index: 2999, fundingRate: 0, openInterest: 1 };
    feed.push('PERP_BTC_USDC', { ...tick, mark: 1 });
    feed.push('PERP_ETH_USDC', tick);
    expect(engine().calls.filter((call) => call.name === 'applyTick').map((call) => call.args[0])).toEqual([tick]);
    expect(feed.watching()).toBe(1);
  });

  it('draws the price lines it is given, again when they change', async () => {
    answer = ok([candle(0, 100)]);
    const first: ChartPriceLine[] = [{ id: 'draft:BUY:100', price: 100, side: 'BUY', source: 'draft', count: 1, title: '#1 buy' }];
    const { rerenderWith } = renderChart({ lines: first });
    await waitFor(() => expect(calls('setPriceLines').at(-1)?.args).toEqual([first]));
    const second = [...first, { id: 'order:SELL:101', price: 101, side: 'SELL' as const, source: 'order' as const, count: 1, title: 'sell placed' }];
    rerenderWith({ lines: second });
    expect(calls('setPriceLines').at(-1)?.args).toEqual([second]);
  });

  it('a right click on the price pane offers "Buy/Sell limit at" its price on the tick, and gives the ticket that exact text', async () => {
    answer = ok([candle(0, 100)]);
    const { props } = renderChart();
    await waitFor(() => expect(engines).not.toHaveLength(0));
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onMenu({ price: -5, x: 10, y: 10 }));
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => handlers.onMenu({ price: 99849.2734, x: 10, y: 10 }));
    const buy = screen.getByRole('menuitem', { name: 'Buy limit at 99,849.3' });
    expect(buy).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Sell limit at 99,849.3' }));
    expect(props.onPickPrice).toHaveBeenCalledExactlyOnceWith('99849.3', 'SELL');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('the "+" sits at the pointer’s price (the last close for the keyboard), its menu keyboard driven, Escape gives the focus back', async () => {
    answer = ok([candle(0, 100)]);
    const { props } = renderChart();
    await waitFor(() => expect(engines).not.toHaveLength(0));
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onLayout({ height: 300, scaleWidth: 60, range: { low: 90, high: 110 }, last: { price: 100.04, y: 150 } }));
    const plus = screen.getByRole('button', { name: 'Order at 100.0' });
    act(() => handlers.onPointerPrice({ price: 104.26, y: 80 }));
    expect(plus).toHaveAccessibleName('Order at 104.3');
    const user = userEvent.setup();
    plus.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Buy limit at 104.3' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sell limit at 104.3' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Buy limit at 104.3' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(plus).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(props.onPickPrice).toHaveBeenCalledExactlyOnceWith('104.3', 'BUY');
  });

  it('offers no price before the market’s tick is known', async () => {
    answer = ok([candle(0, 100)]);
    renderChart({ priceDecimals: undefined });
    await waitFor(() => expect(engines).not.toHaveLength(0));
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onLayout({ height: 300, scaleWidth: 60, range: { low: 90, high: 110 }, last: { price: 100, y: 150 } }));
    act(() => handlers.onMenu({ price: 100, x: 10, y: 10 }));
    expect(screen.queryByRole('button', { name: /^Order at/ })).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('counts the orders beyond the price pane’s edges, again when the pane’s prices move', async () => {
    answer = ok([candle(0, 100)]);
    const line = (price: number, count: number): ChartPriceLine => ({ id: `order:BUY:${price}`, price, side: 'BUY', source: 'order', count, title: 'buy' });
    renderChart({ lines: [line(80, 2), line(100, 1), line(120, 1)] });
    await waitFor(() => expect(engines).not.toHaveLength(0));
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onLayout({ height: 300, scaleWidth: 60, range: { low: 90, high: 110 }, last: undefined }));
    expect(screen.getByTestId('chart-edge-above')).toHaveTextContent('▲ 1 order above');
    expect(screen.getByTestId('chart-edge-below')).toHaveTextContent('▼ 2 orders below');
    act(() => handlers.onLayout({ height: 300, scaleWidth: 60, range: { low: 70, high: 110 }, last: undefined }));
    expect(screen.queryByTestId('chart-edge-below')).toBeNull();
    expect(screen.getByTestId('chart-edge-above')).toBeInTheDocument();
  });

  it('says when the tape is empty against a real service, instead of a blank canvas', async () => {
    answer = ok([], null);
    renderChart();
    expect(await screen.findByText(/No candles of PERP_BTC_USDC yet: the tape starts empty against a real service/)).toBeInTheDocument();
  });

  it('says it is loading, then names the field of an answer that is not candles', async () => {
    answer = { success: true, data: { rows: [], recordingSince: null }, timestamp: 1 };
    renderChart();
    expect(screen.getByText('Loading the candles of PERP_BTC_USDC…')).toBeInTheDocument();
    // One retry (a second later) before the failure shows.
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(/^Candles are unavailable: .*data\.simulated/);
  });

  it('says the markets feed is stale, and asks for a market when none is picked', async () => {
    answer = ok([candle(0, 100)]);
    renderChart({ staleReason: 'no update for 12 s' });
    expect(screen.getByRole('status')).toHaveTextContent('Prices stale: no update for 12 s. The last candle is not moving.');
    expect(screen.getByRole('status')).toHaveAttribute('data-stale', 'true');
    screen.getByText('Loading the candles of PERP_BTC_USDC…');
    const { unmount } = renderChart({ symbol: undefined });
    expect(screen.getByText('Click a market to chart it.')).toBeInTheDocument();
    unmount();
  });

  it('resolution and basis are reached and changed with the keyboard', async () => {
    answer = ok([candle(0, 100)]);
    renderChart();
    await waitFor(() => expect(calls('setSeries')).toHaveLength(1));
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('radio', { name: '1m' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5m' })).toBeChecked();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.includes('resolution=5m'))).toBe(true));
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Basis' })).toHaveFocus();
    await user.keyboard(' ');
    expect(useChartStore.getState().showBasis).toBe(true);
    await waitFor(() => expect(calls('setBasisVisible').at(-1)?.args).toEqual([true]));
  });

  it('takes the colours again when the theme changes, and only then', async () => {
    answer = ok([candle(0, 100)]);
    const view = renderChart();
    await waitFor(() => expect(calls('setSeries')).toHaveLength(1));
    document.documentElement.setAttribute('data-density', 'compact');
    await act(async () => undefined);
    expect(calls('setColours')).toHaveLength(0);
    document.documentElement.setAttribute('data-theme', 'light');
    await waitFor(() => expect(calls('setColours')).toHaveLength(1));
    document.documentElement.setAttribute('data-updown', 'red-up');
    await waitFor(() => expect(calls('setColours')).toHaveLength(2));
    view.unmount();
    document.documentElement.setAttribute('data-theme', 'dark');
    await act(async () => undefined);
    expect(calls('setColours')).toHaveLength(2);
    for (const name of ['data-theme', 'data-updown', 'data-density']) document.documentElement.removeAttribute(name);
  });
});
