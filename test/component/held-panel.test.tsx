import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HeldOrder, TwapProgress } from '@/interface';
import { CancelAllHeldDialog, HeldOrders } from '@/terminal/features/held';
import { distanceRatio, heldRowView, kindText, sortHeld, stateText } from '@/terminal/features/held/model/heldRows';
import { modifiableFields, planModify } from '@/terminal/features/held/model/modify';
import { twapProgressView } from '@/terminal/features/held/model/twapProgress';
import { bindingFor, bindingsWith } from '@/terminal/features/hotkeys/model/bindings';
import { keyProblems } from '@/terminal/shared/commands/keyRules';
import { fakeProxy, ok, type ProxyRequest } from '../helpers/proxyFake';

const BTC = 'PERP_BTC_USDC';
const markets = new Map([[BTC, { priceDecimals: 1, quantityDecimals: 4 }]]);

function held(extra: Partial<HeldOrder>): HeldOrder {
  return {
    id: 'h1', type: 'STOP_MARKET', state: 'armed', symbol: BTC, side: 'SELL', order_quantity: 0.01, trigger_price: 95_000,
    order_price: null, trailing_distance: null, trailing_percent: null, best_mark: null, oco_with: null, client_ref: null,
    client_order_ids: [], fired_mark: null, fired_at: null, created_at: 1_000, updated_at: 1_000, reason: null,
    last_order_status: null, mark: 100_000, mark_age_ms: 50, waiting_for_fresh_price: false, entry: null, twap: null,
    ...extra,
  };
}

const twap: TwapProgress = {
  duration_ms: 600_000, slice_ms: 60_000, max_slippage_percent: null, price_limit: null, randomize_percent: null,
  started_at: 0, ends_at: 400_000, next_slice_at: 300_000, slices_total: 10, slices_sent: 4, slices_accepted: 3,
  slices_rejected: 1, slices_skipped: 0, slices_missed: 0, quantity_sent: 0.4, quantity_accepted: 0.3,
};

describe('held orders, the model', () => {
  it('puts live orders first (newest armed on top), then the settled ones by when they settled', () => {
    const rows = sortHeld([
      held({ id: 'fired-old', state: 'fired', updated_at: 5 }),
      held({ id: 'armed-old', created_at: 1 }),
      held({ id: 'cancelled-new', state: 'cancelled', updated_at: 9 }),
      held({ id: 'paused-new', state: 'paused', created_at: 3 }),
      held({ id: 'awaiting', state: 'awaiting_entry', created_at: 2 }),
    ]);
    expect(rows.map((row) => row.id)).toEqual(['paused-new', 'awaiting', 'armed-old', 'cancelled-new', 'fired-old']);
  });

  it('names each kind in words and says a stale mark holds the order, with its age', () => {
    expect(['STOP_MARKET', 'STOP_LIMIT', 'TAKE_PROFIT_MARKET', 'TAKE_PROFIT_LIMIT', 'TRAILING_STOP', 'TWAP'].map((type) => kindText(type as HeldOrder['type']))).toEqual([
      'Stop', 'Stop limit', 'Take-profit', 'TP limit', 'Trailing', 'TWAP',
    ]);
    expect(stateText(held({ waiting_for_fresh_price: true, mark_age_ms: 12_400 }))).toBe('waiting for a fresh price (12 s old)');
    expect(stateText(held({ state: 'fired', waiting_for_fresh_price: true }))).toBe('fired');
  });

  it('works the distance to the mark exactly, from the proxy mark first, else the live one', () => {
    expect(distanceRatio(held({ trigger_price: 0.3, mark: 0.1 }))).toBe(2);
    expect(distanceRatio(held({ mark: null }), 96_000)).toBeCloseTo(-0.0104166, 6);
    expect(distanceRatio(held({ state: 'cancelled' }))).toBeUndefined();
    expect(distanceRatio(held({ type: 'TWAP', trigger_price: null }))).toBeUndefined();
  });

  it('checks a modify by field and states each change old → new', () => {
    const order = held({ type: 'STOP_LIMIT', order_price: 94_900 });
    const plan = planModify(order, { trigger_price: '94000', order_price: '94900', order_quantity: '0.02' }, markets.get(BTC));
    expect(plan.issues).toEqual([]);
    expect(plan.patch).toEqual({ trigger_price: 94_000, order_quantity: 0.02 });
    expect(plan.changes.map((change) => `${change.label}: ${change.from} → ${change.to}`)).toEqual(['Trigger: 95,000.0 → 94,000.0', 'Quantity: 0.0100 → 0.0200']);
    expect(planModify(order, { trigger_price: '0', order_price: '', order_quantity: '0.01' }, undefined).issues.map((issue) => issue.field)).toEqual(['trigger_price', 'order_price']);
    expect(planModify(order, { trigger_price: '95000', order_price: '94900', order_quantity: '0.01' }, undefined).patch).toBeUndefined();
  });

  it("shows a trailing stop's level at the market's tick; a trigger the trader set with all its digits", () => {
    const trailing = held({ type: 'TRAILING_STOP', trigger_price: 98_242.521, trailing_percent: 1.75 });
    expect(heldRowView(trailing, markets).trigger).toBe('98,242.5');
    expect(heldRowView(held({ trigger_price: 95_000.25 }), markets).trigger).toBe('95,000.25');
  });

  it("changes a trailing stop's distance in the unit it trails by, and refuses a figure off the market's grid before the review", () => {
    const byPercent = held({ type: 'TRAILING_STOP', trigger_price: 98_000, trailing_percent: 2 });
    expect(modifiableFields(byPercent)).toEqual(['trailing_percent', 'order_quantity']);
    const wider = planModify(byPercent, { trailing_percent: '3.5', order_quantity: '0.01' }, markets.get(BTC));
    expect(wider.patch).toEqual({ trailing_percent: 3.5 });
    expect(wider.changes.map((change) => `${change.label}: ${change.from} → ${change.to}`)).toEqual(['Trailing distance (%): 2 → 3.5']);
    expect(modifiableFields(held({ type: 'TRAILING_STOP', trailing_distance: 500 }))).toEqual(['trailing_distance', 'order_quantity']);
    const offGrid = planModify(held({}), { trigger_price: '95000.05', order_quantity: '0.00001' }, markets.get(BTC));
    expect(offGrid.issues.map((issue) => `${issue.field}: ${issue.message}`)).toEqual([
      'trigger_price: Use a multiple of the tick 0.1',
      'order_quantity: Use a multiple of the step 0.0001',
    ]);
    expect(offGrid.patch).toBeUndefined();
  });

  it('warns in the review, as the ticket does: a trigger the mark has crossed fires at once, a limit beyond its trigger may rest', () => {
    // A sell stop, the proxy's mark 100,000 on the row: moved to 101,000 it fires at once.
    const crossed = planModify(held({}), { trigger_price: '101000', order_quantity: '0.01' }, markets.get(BTC));
    expect(crossed.warnings).toEqual(['The mark 100,000.0 is already at or below this trigger: it fires at once']);
    const stopLimit = held({ type: 'STOP_LIMIT', order_price: 94_900 });
    const rests = planModify(stopLimit, { trigger_price: '95000', order_price: '95100', order_quantity: '0.01' }, markets.get(BTC));
    expect(rests.warnings).toEqual(['Above the trigger 95,000.0: when it fires, a sell at this limit may rest unfilled']);
    expect(planModify(held({}), { trigger_price: '94000', order_quantity: '0.01' }, markets.get(BTC)).warnings).toEqual([]);
  });

  it('writes a TWAP progress: quantity sent of total, slices, time left', () => {
    const view = twapProgressView(twap, 1, 4, 100_000, true);
    expect(view.ratio).toBe(0.4);
    expect(view.sent).toBe('0.4000 of 1.0000 sent');
    expect(view.slices).toBe('4 of 10 slices sent: 3 accepted, 1 rejected, 0 skipped, 0 missed');
    expect(view.left).toBe('5:00 left');
  });

  it('binds the two cancels to keys no other command has', () => {
    const bindings = bindingsWith({});
    expect(bindingFor(bindings, 'Alt+X')?.command).toBe('held.cancelMarket');
    expect(bindingFor(bindings, 'Alt+Shift+X')?.command).toBe('held.cancelAll');
    expect(keyProblems({})).toEqual([]);
  });
});

/** The proxy's held-orders routes, faked: each request is recorded and answered by `answer`. */
const stubProxy = (answer: (call: ProxyRequest) => { status: number; body: unknown }) =>
  fakeProxy(
    // Who is signed in (a desk's roles gate the actions): no desk here, single-token mode.
    { 'GET /api/session': () => ok({ authenticated: true }), '* /*': answer },
    { unrecorded: ['GET /api/session'] },
  ).calls;
afterEach(() => vi.unstubAllGlobals());


function renderPanel(orders: HeldOrder[], narrow = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['held', 'list'], orders);
  return render(
    <QueryClientProvider client={client}>
      <HeldOrders orders={orders} markets={markets} markOf={() => undefined} activeSymbol={BTC} narrow={narrow} now={100_000} />
      <CancelAllHeldDialog intervalMs={60_000} />
    </QueryClientProvider>,
  );
}

const rowOf = (id: string) => document.querySelector(`[data-held-id="${id}"]`) as HTMLElement;

describe('the held orders panel', () => {
  const stop = held({ id: 'h1' });
  const fired = held({ id: 'h2', state: 'fired', client_order_ids: ['held-h2-0'], last_order_status: 'accepted', updated_at: 5_000 });
  const slices = held({ id: 'h3', type: 'TWAP', side: 'BUY', trigger_price: null, order_quantity: 1, twap, created_at: 500 });

  it('shows each order with its kind, trigger, distance, state and fired order, and a TWAP bar', () => {
    stubProxy(() => ok(null));
    renderPanel([fired, slices, stop]);
    const table = screen.getByRole('table', { name: 'Held orders' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.getAttribute('data-held-id'))).toEqual(['h1', 'h3', null, 'h2']);
    const cells = within(rowOf('h1')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual(['Stop', 'Sell', '0.0100', '95,000.0', '—', '-5.00%', 'armed', '—']);
    expect(within(rowOf('h2')).getByText('held-h2-0 · accepted')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'TWAP progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '0.4000 of 1.0000 sent');
    expect(within(rowOf('h2')).queryByRole('button')).toBeNull();
  });

  it('cancels a row, and says "already fired" when a fire won the race', async () => {
    const calls = stubProxy((call) =>
      call.url.endsWith('/h1')
        ? ok({ ...stop, state: 'cancelled' })
        : { status: 409, body: { success: false, code: -1000, message: 'already fired: order held-h4-0', data: held({ id: 'h4', state: 'fired', client_order_ids: ['held-h4-0'] }) } },
    );
    renderPanel([stop, held({ id: 'h4', created_at: 900 })]);
    await userEvent.click(within(rowOf('h1')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    await userEvent.click(within(rowOf('h4')).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Already fired: order held-h4-0')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`).slice(0, 2)).toEqual(['DELETE /api/held-orders/h1', 'DELETE /api/held-orders/h4']);
  });

  it('modifies only after a confirmation stating old → new', async () => {
    const calls = stubProxy(() => ok({ ...stop, trigger_price: 94_000 }));
    renderPanel([stop]);
    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    const trigger = screen.getByLabelText('Trigger');
    await userEvent.clear(trigger);
    await userEvent.type(trigger, '94000');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const confirm = screen.getByRole('group', { name: 'Confirm the change' });
    expect(within(confirm).getByText('Trigger: 95,000.0 → 94,000.0')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm change' }));
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PATCH')).toEqual({ method: 'PATCH', url: '/api/held-orders/h1', body: { trigger_price: 94_000 } }));
  });

  it('sends only the fields typed in: a trigger moved meanwhile (on the chart) is not put back; a change under the review is reviewed again', async () => {
    const calls = stubProxy(() => ok(stop));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const panel = (order: HeldOrder) => (
      <QueryClientProvider client={client}>
        <HeldOrders orders={[order]} markets={markets} markOf={() => undefined} activeSymbol={BTC} narrow={false} now={100_000} />
      </QueryClientProvider>
    );
    const view = render(panel(stop));
    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    // Moved on the chart while the form is open: the form shows it, and does not send it back.
    view.rerender(panel({ ...stop, trigger_price: 94_500, updated_at: stop.updated_at + 1 }));
    expect(screen.getByLabelText('Trigger')).toHaveValue('94500');
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0.02');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(within(screen.getByRole('group', { name: 'Confirm the change' })).queryByText(/^Trigger/)).toBeNull();
    // Changed again under the review: no confirmation of what was not reviewed.
    view.rerender(panel({ ...stop, trigger_price: 94_400, updated_at: stop.updated_at + 2 }));
    expect(screen.queryByRole('group', { name: 'Confirm the change' })).toBeNull();
    expect(screen.getByText('The order changed meanwhile: review the change again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Confirm the change' })).getByRole('button', { name: 'Confirm change' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/held-orders/h1', body: { order_quantity: 0.02 } }]));
  });

  it('keeps the rows in their places while the pointer is over the list: an order armed meanwhile comes last, not on top', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const panel = (orders: HeldOrder[]) => (
      <QueryClientProvider client={client}>
        <HeldOrders orders={orders} markets={markets} markOf={() => undefined} activeSymbol={BTC} narrow={false} now={100_000} />
      </QueryClientProvider>
    );
    const older = held({ id: 'h7', created_at: 1_000 });
    const newer = held({ id: 'h8', created_at: 2_000 });
    const ids = () => [...document.querySelectorAll('[data-held-id]')].map((row) => row.getAttribute('data-held-id'));
    const view = render(panel([older, newer]));
    expect(ids()).toEqual(['h8', 'h7']);
    const list = document.querySelector('.held__scroll')!;
    fireEvent.pointerEnter(list);
    view.rerender(panel([older, newer, held({ id: 'h9', created_at: 3_000 })]));
    expect(ids()).toEqual(['h8', 'h7', 'h9']);
    fireEvent.pointerLeave(list);
    expect(ids()).toEqual(['h9', 'h8', 'h7']);
  });

  it('a double Enter reviews the change but does not confirm it; Enter confirms once the review has settled', async () => {
    const calls = stubProxy(() => ok({ ...stop, trigger_price: 94_000 }));
    renderPanel([stop]);
    await userEvent.click(screen.getByRole('button', { name: 'Modify' }));
    const trigger = screen.getByLabelText('Trigger');
    await userEvent.clear(trigger);
    await userEvent.type(trigger, '94000{Enter}{Enter}');
    expect(screen.getByRole('group', { name: 'Confirm the change' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm change' })).toHaveAttribute('data-settling', 'true');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Confirm change' })).not.toHaveAttribute('data-settling'), { timeout: 2_000 });
    await userEvent.type(trigger, '{Enter}');
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
  });

  it('offers a risk user the cancels only (not pause or modify), a viewer none, each saying why', async () => {
    const asPerson = (roles: ('risk' | 'viewer')[]) =>
      fakeProxy(
        { 'GET /api/session': () => ok({ authenticated: true, person: { name: 'rita', roles, accounts: '*', implicit: false } }), '* /*': () => ok(null) },
        { unrecorded: ['GET /api/session'] },
      );
    asPerson(['risk']);
    const risk = renderPanel([stop]);
    await vi.waitFor(() => expect(within(rowOf('h1')).queryByRole('button', { name: 'Pause' })).toBeNull());
    expect(within(rowOf('h1')).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(rowOf('h1')).queryByRole('button', { name: 'Modify' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel all' })).toBeEnabled();
    expect(screen.getByText(/^Signed in as risk: sending and changing orders takes the trader role\.$/i)).toBeInTheDocument();
    risk.unmount();
    vi.unstubAllGlobals();
    asPerson(['viewer']);
    renderPanel([stop]);
    await vi.waitFor(() => expect(within(rowOf('h1')).queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel all' })).toBeDisabled();
    expect(screen.getByText(/^Signed in as viewer: cancelling held orders takes the trader or risk role\.$/i)).toBeInTheDocument();
  });

  it("offers a trader only the cancel of another's held order, saying who changes it (the proxy refuses the rest)", async () => {
    fakeProxy(
      { 'GET /api/session': () => ok({ authenticated: true, person: { name: 'carl', roles: ['trader'], accounts: ['main'], implicit: false } }), '* /*': () => ok(null) },
      { unrecorded: ['GET /api/session'] },
    );
    renderPanel([{ ...stop, placed_by: 'alice' }, held({ id: 'h6', created_at: 2_000, placed_by: 'carl' })]);
    await vi.waitFor(() => expect(within(rowOf('h1')).getByText('Placed by alice: only they change it')).toBeInTheDocument());
    expect(within(rowOf('h1')).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(rowOf('h1')).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(within(rowOf('h1')).queryByRole('button', { name: 'Modify' })).toBeNull();
    // Their own: every action, as before.
    expect(within(rowOf('h6')).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(within(rowOf('h6')).queryByText(/^Placed by/)).toBeNull();
  });

  it('pauses an armed order and cancels the market’s held orders from the head', async () => {
    const calls = stubProxy((call) => (call.method === 'DELETE' ? ok({ rows: [{ ...stop, state: 'cancelled' }] }) : ok({ ...stop, state: 'paused' })));
    renderPanel([stop]);
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel all in BTC' }));
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url} ${JSON.stringify(call.body ?? '')}`)).toEqual([
        'PATCH /api/held-orders/h1 {"state":"paused"}',
        `DELETE /api/held-orders?symbol=${BTC} ""`,
      ]),
    );
  });

  it('cancels everything only after a confirmation naming how many', async () => {
    const live = [stop, held({ id: 'h5', created_at: 2_000 })];
    const calls = stubProxy((call) => (call.method === 'GET' ? ok({ rows: live }) : ok({ rows: live.map((order) => ({ ...order, state: 'cancelled' })) })));
    renderPanel(live);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel all held orders' });
    expect(within(dialog).getByText('Cancel all 2 held orders in every market? A cancelled order never fires.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 held orders' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/held-orders']));
  });

  it('shows cards on a phone, with the same figures and actions', () => {
    stubProxy(() => ok(null));
    renderPanel([stop], true);
    const list = screen.getByRole('list', { name: 'Held orders' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('95,000.0')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
