import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldOrderSchema, type HeldOrder, type TapeCandle } from '@/interface';
import { PriceChart, type PriceChartProps } from '@/terminal/features/chart';
import type { ChartHandlers } from '@/terminal/features/chart/components/chartEngine';
import type { HeldLine, HeldMarker } from '@/terminal/features/chart/model/heldLines';
import { useChartStore } from '@/terminal/features/chart/store';

/** The canvas is the library's (the browser test draws it); here a stand-in records the held lines it is given. */
const engines = vi.hoisted(() => [] as { calls: { name: string; args: unknown[] }[]; handlers: unknown }[]);
vi.mock('@/terminal/features/chart/components/chartEngine', () => ({
  ChartEngine: class {
    calls: { name: string; args: unknown[] }[] = [];
    constructor(_container: HTMLElement, _colours: unknown, readonly handlers: ChartHandlers) {
      engines.push(this);
    }
    setHeldLines(...args: unknown[]) { this.calls.push({ name: 'setHeldLines', args }); }
    setHeldMarkers(...args: unknown[]) { this.calls.push({ name: 'setHeldMarkers', args }); }
    setPriceDecimals() {}
    setSeries() {}
    applyTick() {}
    setBasisVisible() {}
    setPriceLines() {}
    setColours() {}
    remove() {}
  },
}));
vi.mock('@/terminal/features/chart/model/colours', async (original) => ({
  ...(await original<object>()),
  readChartColours: () => ({}),
}));

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE;
const candle: TapeCandle = {
  time: T0, open: 62_000, high: 62_100, low: 61_900, close: 62_000,
  index_close: 61_990, est_funding_rate: 0.0001, open_interest: 10, volume_24h: 1, samples: 3,
};
const held = (fields: Partial<HeldOrder>): HeldOrder =>
  heldOrderSchema.parse({
    id: 'h1', type: 'STOP_MARKET', state: 'armed', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.5,
    trigger_price: 61_200, order_price: null, trailing_distance: null, trailing_percent: null, best_mark: null,
    oco_with: null, client_ref: null, client_order_ids: [], fired_mark: null, fired_at: null, created_at: T0,
    updated_at: T0, reason: null, last_order_status: null, mark: 62_000, mark_age_ms: 50,
    waiting_for_fresh_price: false, entry: null, twap: null, ...fields,
  });

beforeEach(() => {
  engines.length = 0;
  const answer = { success: true, data: { rows: [candle], recordingSince: T0, simulated: false }, timestamp: Date.now() };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })));
  useChartStore.setState({ resolution: '1m', showBasis: false });
});
afterEach(() => vi.unstubAllGlobals());

const engine = () => engines.at(-1)!;
/** The held lines as the canvas was last asked to draw them: id and price. */
const drawn = () =>
  (engine().calls.filter((call) => call.name === 'setHeldLines').at(-1)?.args[0] as HeldLine[]).map((line) => `${line.id}@${line.price}`);

/** The chart with the held orders given, its pane 400 px high showing 60,000 to 64,000 (10 per pixel). */
async function renderChart(rows: HeldOrder[], onMoveHeld: PriceChartProps['onMoveHeld'] = vi.fn(async () => undefined)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props: PriceChartProps = {
    symbol: 'PERP_BTC_USDC', priceDecimals: 1, quantityDecimals: 4, ticks: undefined, lines: [], staleReason: undefined,
    onPickPrice: vi.fn(), held: rows, onMoveHeld,
  };
  render(<QueryClientProvider client={client}><PriceChart {...props} /></QueryClientProvider>);
  await waitFor(() => expect(engines).not.toHaveLength(0));
  const handlers = engine().handlers as ChartHandlers;
  act(() => handlers.onLayout({ height: 400, scaleWidth: 60, range: { low: 60_000, high: 64_000 }, last: undefined }));
  return { onMoveHeld };
}

describe('held orders on the chart', () => {
  it('draws each trigger with a handle named as its label, at its line, and the markers of fired ones', async () => {
    await renderChart([
      held({}),
      held({ id: 'h2', type: 'TRAILING_STOP', trigger_price: 61_900, trailing_distance: 100 }),
      held({ id: 'h3', state: 'fired', fired_at: T0 + 5_000, fired_mark: 61_150 }),
    ]);
    const stop = screen.getByRole('button', { name: 'SL SELL 0.5' });
    expect(stop).toHaveAttribute('data-held-id', 'h1');
    // 61,200 on a pane from 64,000 (top) to 60,000 (400 px): 280 px down.
    expect(stop.parentElement).toHaveStyle({ top: '280px' });
    expect(drawn()).toEqual(['held:h1@61200', 'held:h2@61900']);
    const markers = engine().calls.filter((call) => call.name === 'setHeldMarkers').at(-1)?.args[0] as HeldMarker[];
    expect(markers).toEqual([{ id: 'fired:h3', time: T0 / 1000, price: 61_150, kind: 'stop', side: 'SELL', text: 'SL fired' }]);
  });

  it('the keyboard moves a stop a tick at a time, Enter asks, and only "Move trigger" sends the new trigger', async () => {
    const { onMoveHeld } = await renderChart([held({})]);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'SL SELL 0.5' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
    expect(drawn()).toEqual(['held:h1@61199.8']);
    expect(onMoveHeld).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 61,199.8?' });
    expect(onMoveHeld).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Move trigger' }));
    expect(onMoveHeld).toHaveBeenCalledExactlyOnceWith('h1', 61_199.8);
  });

  it('names the order it moves, and a double Enter asks without moving it; Enter moves it once the question has settled', async () => {
    const { onMoveHeld } = await renderChart([held({})]);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'SL SELL 0.5' }).focus();
    await user.keyboard('{ArrowDown}{Enter}{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 61,199.9?' });
    expect(within(dialog).getByText('SL SELL 0.5')).toBeInTheDocument();
    const move = within(dialog).getByRole('button', { name: 'Move trigger' });
    expect(move).toHaveAttribute('data-settling', 'true');
    expect(onMoveHeld).not.toHaveBeenCalled();
    await waitFor(() => expect(move).not.toHaveAttribute('data-settling'), { timeout: 2_000 });
    move.focus();
    await user.keyboard('{Enter}');
    expect(onMoveHeld).toHaveBeenCalledExactlyOnceWith('h1', 61_199.9);
  });

  it('says in the question when the moved trigger is one the mark has already crossed: it fires at once', async () => {
    await renderChart([held({})]);
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onLayout({ height: 400, scaleWidth: 60, range: { low: 60_000, high: 64_000 }, last: { price: 61_300, y: 270 } }));
    const handle = screen.getByRole('button', { name: 'SL SELL 0.5' });
    handle.setPointerCapture = () => {};
    // The sell stop at 61,200 dragged to 61,400, above the mark 61,300.
    fireEvent.pointerDown(handle, { button: 0, clientY: 280, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 260, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 260, pointerId: 1 });
    const dialog = screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 61,400.0?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The mark 61,300.0 is already at or below this trigger: it fires at once');
  });

  it("says in the question when a stop limit's moved trigger leaves its limit beyond it: it may rest unfilled", async () => {
    await renderChart([held({ type: 'STOP_LIMIT', order_price: 61_100 })]);
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onLayout({ height: 400, scaleWidth: 60, range: { low: 60_000, high: 64_000 }, last: { price: 61_300, y: 270 } }));
    const handle = screen.getByRole('button', { name: /^SL SELL 0\.5/ });
    handle.setPointerCapture = () => {};
    // The sell stop at 61,200 (limit 61,100) dragged to 61,000: its limit is now above its trigger.
    fireEvent.pointerDown(handle, { button: 0, clientY: 280, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 300, pointerId: 1 });
    const dialog = screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 61,000.0?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Above the trigger 61,000.0: when it fires, a sell at this limit may rest unfilled');
  });

  it('a drag let go off the chart (over the page head, the ticket) asks nothing and puts the line back; over its lower panes it asks for the pane edge', async () => {
    const { onMoveHeld } = await renderChart([held({})]);
    const handlers = engine().handlers as ChartHandlers;
    act(() => handlers.onLayout({ height: 400, scaleWidth: 60, range: { low: 60_000, high: 64_000 }, last: { price: 61_300, y: 270 } }));
    const handle = screen.getByRole('button', { name: 'SL SELL 0.5' });
    handle.setPointerCapture = () => {};
    // The stage is 600 high (the test's layout), its price pane 400.
    for (const offChart of [-30, 650]) {
      fireEvent.pointerDown(handle, { button: 0, clientY: 280, pointerId: 1 });
      fireEvent.pointerMove(handle, { clientY: offChart, pointerId: 1 });
      fireEvent.pointerUp(handle, { clientY: offChart, pointerId: 1 });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(drawn()).toEqual(['held:h1@61200']);
    }
    expect(onMoveHeld).not.toHaveBeenCalled();
    // Over the funding and open-interest panes: the price pane's bottom edge, where the line is drawn.
    fireEvent.pointerDown(handle, { button: 0, clientY: 280, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 520, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 520, pointerId: 1 });
    expect(screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 60,000.0?' })).toBeInTheDocument();
  });

  it('a handle held at the edge for a trigger beyond the scale is not dragged (keys still move it)', async () => {
    const { onMoveHeld } = await renderChart([held({ trigger_price: 50_000 })]);
    const handle = screen.getByRole('button', { name: 'SL SELL 0.5' });
    expect(handle.parentElement).toHaveAttribute('data-offscreen', 'below');
    expect(handle).toHaveAccessibleDescription(/^Its trigger is beyond the chart's scale: press the arrow keys then Enter to move it/);
    handle.setPointerCapture = () => {};
    fireEvent.pointerDown(handle, { button: 0, clientY: 398, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 300, pointerId: 1 });
    expect(drawn()).toEqual(['held:h1@50000']);
    expect(screen.queryByRole('dialog')).toBeNull();
    handle.focus();
    await userEvent.setup().keyboard('{ArrowUp}');
    expect(drawn()).toEqual(['held:h1@50000.1']);
    expect(onMoveHeld).not.toHaveBeenCalled();
  });

  it('Escape puts the line back, while moving and in the question; nothing is sent', async () => {
    const { onMoveHeld } = await renderChart([held({})]);
    const user = userEvent.setup();
    const handle = screen.getByRole('button', { name: 'SL SELL 0.5' });
    handle.focus();
    await user.keyboard('{ArrowUp}');
    expect(drawn()).toEqual(['held:h1@61200.1']);
    await user.keyboard('{Escape}');
    expect(drawn()).toEqual(['held:h1@61200']);
    await user.keyboard('{ArrowUp}{Enter}');
    screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 61,200.1?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(drawn()).toEqual(['held:h1@61200']);
    expect(onMoveHeld).not.toHaveBeenCalled();
  });

  it('a pointer drag proposes the price under it on the tick, and a refusal is shown with the line back', async () => {
    const onMoveHeld = vi.fn(async () => Promise.reject(new Error('already fired: order h1-0')));
    await renderChart([held({})], onMoveHeld);
    const handle = screen.getByRole('button', { name: 'SL SELL 0.5' });
    handle.setPointerCapture = () => {};
    // The stage's top is 0 here: the pointer's y is the pane's. Grabbed 3 px under the line (280 px),
    // dragged to 295.21 px under the top: 64,000 - 2,952.1 = 61,047.9, on the tick.
    fireEvent.pointerDown(handle, { button: 0, clientY: 283, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 298.21, pointerId: 1 });
    expect(drawn()).toEqual(['held:h1@61047.9']);
    fireEvent.pointerUp(handle, { clientY: 298.21, pointerId: 1 });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('dialog', { name: 'Move stop trigger 61,200.0 → 61,047.9?' })).getByRole('button', { name: 'Move trigger' }));
    expect(onMoveHeld).toHaveBeenCalledExactlyOnceWith('h1', 61_047.9);
    expect(await screen.findByRole('alert')).toHaveTextContent('The trigger was not moved: already fired: order h1-0');
    expect(drawn()).toEqual(['held:h1@61200']);
  });

  it('a trailing stop cannot be dragged nor moved by keys, and its handle says where its distance is edited', async () => {
    const { onMoveHeld } = await renderChart([held({ type: 'TRAILING_STOP', trigger_price: 61_900, trailing_distance: 100 })]);
    const handle = screen.getByRole('button', { name: 'TRAIL SELL 0.5' });
    expect(handle).toHaveAttribute('aria-disabled', 'true');
    expect(handle).toHaveAccessibleDescription(/trailing stop moves its own trigger with the mark: change its distance in the Held orders panel/);
    handle.focus();
    await userEvent.setup().keyboard('{ArrowUp}{Enter}');
    fireEvent.pointerDown(handle, { button: 0, clientY: 210, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 250, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 250, pointerId: 1 });
    expect(drawn()).toEqual(['held:h1@61900']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onMoveHeld).not.toHaveBeenCalled();
  });

  it('an order waiting for a fresh price says so on its handle, dimmed', async () => {
    await renderChart([held({ waiting_for_fresh_price: true, mark_age_ms: 5_000 })]);
    expect(screen.getByRole('button', { name: 'SL SELL 0.5 · waiting for a fresh price' })).toHaveAttribute('data-dimmed', 'true');
  });
});
